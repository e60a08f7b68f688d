import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { ApplicationView, ProgramView } from '@rxbridge/contracts';
import { goesAsPacket, packetInHand, SHIP_TO_LABELS, unusableRoute, waitsForNavigator } from '@rxbridge/domain';
import { ApiError, messageOf } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useProgramRequirements, useRetrySubmission, useSubmitApplication } from '../api/submit-application';
import { focusControl, useFocusAfterRemoval } from '@/lib/use-focus-after-removal';

const yesNo = (v: boolean | null) => (v === null ? 'not published' : v ? 'yes' : 'no');

/**
 * The program's requirements, who has signed, and sending (docs/product.md §17): Send to program stays disabled with
 * the missing items listed until the packet is complete; a failed fax shows its reason and Retry.
 */
export function SendToProgram({ application: a }: { application: ApplicationView }) {
  const id = useId();
  // Sending takes the send controls (or Retry) away once the record is read again: the keyboard's focus goes to this
  // section's heading rather than to the page's start (WCAG 2.4.3).
  const heading = useRef<HTMLHeadingElement>(null);
  const focusRow = useFocusAfterRemoval(() => heading.current);
  // A copay card or a foundation is applied for on the sponsor's page: no requirements of ours to fetch (§19).
  const enrollment = a.program && !goesAsPacket(a.program.kind) ? a.program : null;
  const entry = useProgramRequirements(a.program && !enrollment ? a.program.id : null);
  const program = entry.data?.kind === 'PAP' ? entry.data : null;
  return (
    <section aria-labelledby={`${id}-title`} {...focusRow(a.id)}>
      <h4 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-900">
        Send to program
      </h4>
      {enrollment && unusableRoute(a) ? (
        // The patient is asked nothing for it (patientWaits, docs/product.md §17): the navigator finds another route.
        <p className="mt-2 text-xs text-slate-700">
          {enrollment.name} cannot be used for this patient now (not eligible: see why above), so nothing goes to it and
          nothing is asked of the patient for it. Set another program: the patient is then asked for what it needs.
        </p>
      ) : enrollment ? (
        <p className="mt-2 text-xs text-slate-700">
          No packet goes to a {enrollment.kind === 'COPAY_CARD' ? 'copay card' : 'foundation'}: the patient enrolls on{' '}
          {enrollment.website ? (
            <a href={enrollment.website} target="_blank" rel="noreferrer" className="text-teal-800 underline">
              {enrollment.manufacturer}&rsquo;s page<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            `${enrollment.manufacturer}’s page`
          )}
          , and their dashboard links to it. Move the application on as they enroll.
        </p>
      ) : (
        <PacketSending application={a} program={program} />
      )}
    </section>
  );
}

/**
 * The packet's way to a maker's program: its requirements, the signatures, the last submission's status, and sending
 * while the packet is in hand: again once the program came back about a sent one (Info requested, Denied), and after a
 * failed fax. A failed fax goes again with its Retry when nothing is missing and its program's number is still the
 * one it went to (the server checks the same); otherwise the send controls send anew.
 */
function PacketSending({ application: a, program }: { application: ApplicationView; program: ProgramView | null }) {
  const fax = program?.application.submitTo.fax ?? null;
  const sendable = packetInHand(a, a.submission);
  const s = a.submission;
  const retryable =
    sendable && s?.status === 'FAILED' && s.channel === 'FAX' && s.to === fax && !a.missingForSubmission.length;
  return (
    <>
      {program && <Requirements program={program} />}
      <Signatures application={a} />
      {a.submission && <SubmissionStatus application={a} retryable={retryable} />}
      {sendable ? (
        <SendControls application={a} fax={fax} byFax={!retryable} />
      ) : (
        !a.submission && <p className="mt-2 text-xs text-slate-700">{a.stateLabel}: no packet is sent from here now.</p>
      )}
    </>
  );
}

function Requirements({ program: p }: { program: ProgramView }) {
  const r = p.application;
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-700">
      <dt className="font-medium">Patient signature</dt>
      <dd>{yesNo(r.patientSignature)}</dd>
      <dt className="font-medium">HIPAA authorization</dt>
      <dd>{yesNo(r.hipaaAuthorization)}</dd>
      <dt className="font-medium">E-signatures accepted</dt>
      <dd>{yesNo(r.eSignatureAccepted)}</dd>
      <dt className="font-medium">Prescriber gives</dt>
      <dd>{r.prescriberFields.join(', ') || 'not published'}</dd>
      <dt className="font-medium">Ships to</dt>
      <dd>{r.shipTo.map((c) => SHIP_TO_LABELS[c]).join(' or ') || 'not published'}</dd>
      <dt className="font-medium">Send to</dt>
      <dd>
        {[r.submitTo.fax && `fax ${r.submitTo.fax}`, r.submitTo.mail, r.submitTo.portalUrl]
          .filter(Boolean)
          .join('; ') || 'not published'}
      </dd>
    </dl>
  );
}

function Signatures({ application: a }: { application: ApplicationView }) {
  const { patient, prescriber } = a.signatures;
  const line = (who: string, s: { signedAt: string; current: boolean } | null, by?: string) =>
    !s
      ? `${who}: not signed yet`
      : s.current
        ? `${who}: signed ${formatDate(s.signedAt)}${by ? ` by ${by}` : ''}`
        : `${who} must sign again: a fact changed since ${formatDate(s.signedAt)}`;
  return (
    <ul className="mt-2 text-xs text-slate-700">
      <li>{line('Patient', patient)}</li>
      <li>{line('Prescriber', prescriber, prescriber?.signedBy)}</li>
      {waitsForNavigator(a.state, a.eligibility?.verdict ?? null) && (
        <li className="mt-1">
          Nothing is asked of the patient yet: the first check found no program that fits. Moving the application on, or
          setting a program that fits, asks them to sign and send their documents.
        </li>
      )}
    </ul>
  );
}

function SendControls({
  application: a,
  fax,
  byFax,
}: {
  application: ApplicationView;
  fax: string | null;
  /** False while the failed fax's Retry sends it again. */
  byFax: boolean;
}) {
  const id = useId();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitApplication();
  const missing = a.missingForSubmission;
  // A colleague's send or move can take these controls away while this one is on its way (the push comes before the
  // answer): mutateAsync, whose answer comes even then, and a refusal with nowhere left to show it is toasted.
  const controls = useRef<HTMLDivElement>(null);
  const send = (channel: 'FAX' | 'PORTAL') => {
    setError(null);
    submit.mutateAsync({ applicationId: a.id, channel, reference: channel === 'PORTAL' ? reference : undefined }).then(
      ({ message }) => toast.success(message ?? 'Sent', { description: a.medication }),
      (err) => {
        const message =
          err instanceof ApiError && err.fields ? Object.values(err.fields)[0] : messageOf(err, 'Please try again.');
        if (controls.current) setError(message);
        else toast.error('Not sent', { description: `${a.medication}: ${message}` });
      },
    );
  };
  const portal = (e: FormEvent) => {
    e.preventDefault();
    send('PORTAL');
  };
  return (
    <div ref={controls} className="mt-3 space-y-2">
      {missing.length > 0 && (
        <div id={`${id}-missing`} className="text-xs text-slate-700">
          <p className="font-medium">Still missing:</p>
          <ul className="list-disc pl-5">
            {missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
      {byFax && (
        <Button
          size="sm"
          disabled={missing.length > 0 || !fax}
          aria-describedby={missing.length ? `${id}-missing` : undefined}
          isLoading={submit.isPending}
          onClick={() => send('FAX')}
          {...focusControl('send')}
        >
          Send to program{fax ? ` by fax (${fax})` : ''}
        </Button>
      )}
      <form onSubmit={portal} noValidate className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-ref`} className="sr-only">
          Portal reference for {a.medication}
        </label>
        <Input
          id={`${id}-ref`}
          placeholder="Portal reference"
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          className="h-9 sm:flex-1"
        />
        <Button
          size="sm"
          variant="outline"
          type="submit"
          disabled={missing.length > 0}
          isLoading={submit.isPending}
          {...focusControl('portal')}
        >
          Record portal submission
        </Button>
      </form>
      {error && (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function SubmissionStatus({ application: a, retryable }: { application: ApplicationView; retryable: boolean }) {
  const s = a.submission!;
  const retry = useRetrySubmission();
  const label = { QUEUED: 'Sending', SENT: 'Sent', FAILED: 'Failed' }[s.status];
  return (
    <div className="mt-3 text-sm text-slate-800" role="status">
      <p>
        {s.channel === 'FAX' ? `Fax to ${s.to}` : `Portal submission (ref ${s.reference})`}: <strong>{label}</strong>
        {s.sentAt && ` ${formatDate(s.sentAt)}`}
      </p>
      {s.status === 'FAILED' && (
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <span className="text-xs text-red-700">{s.failureReason}</span>
          {retryable && (
            <Button
              size="sm"
              variant="outline"
              isLoading={retry.isPending}
              onClick={() =>
                // mutateAsync: the answer is told even once Retry has gone with the failure (read again meanwhile).
                retry.mutateAsync({ applicationId: a.id, submissionId: s.id }).then(
                  ({ message }) => toast.success(message ?? 'Sending', { description: a.medication }),
                  (err) =>
                    toast.error('Not sent', {
                      description: `${a.medication}: ${messageOf(err, 'Please try again.')}`,
                    }),
                )
              }
              {...focusControl('retry')}
            >
              Retry
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
