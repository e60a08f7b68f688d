import type { AdminInsuranceView, ApplicationState, ApplicationView } from '@rxbridge/contracts';
import { goesAsPacket, packetIsOpen, stateLabel } from '@rxbridge/domain';
import { coverageLine } from '@/lib/coverage-form';
import { formatDate } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { ApplicationChecklist } from '@/components/applications/application-checklist';
import { ApplicationEnrollment } from '@/components/applications/application-enrollment';
import { RenewalBadge } from '@/components/applications/renewal-badge';
import { ApplicationShipments } from '@/components/applications/application-shipments';
import { ApplicationStateBadge } from '@/components/applications/application-state-badge';
import { ApplicationTimeline } from '@/components/applications/application-timeline';
import { EligibilitySummary } from '@/components/eligibility/eligibility-summary';
import { RouteCards } from '@/components/routes/route-cards';
import { endsOrDenies, panelFocusIds, type Refusal } from './transition-dialog';
import { ProgramOverride } from './program-override';
import { MarkDocumentButton } from './mark-document-button';
import { RequestDocument } from './request-document';
import { PrescriberRequest } from './prescriber-request';
import { SendToProgram } from './send-to-program';
import { PacketDownloadButton } from '@/components/applications/packet-download-button';

/** One application on the patient's record: where it stands, the legal moves, the checklist and the timeline. */
export function ApplicationPanel({
  application: a,
  coverage,
  refusal,
  onChoose,
}: {
  application: ApplicationView;
  /** The patient's newest insurance record, the coverage screening reads (docs/product.md §15); null: none. */
  coverage: AdminInsuranceView | null;
  refusal?: Refusal;
  /** `opener`: the button pressed, where the focus goes back when the move is cancelled. */
  onChoose(to: ApplicationState, opener: HTMLElement): void;
}) {
  const { heading: headingId } = panelFocusIds(a.id);
  const open = a.nextStates.length > 0;
  return (
    <Card
      id={`application-${a.id}`}
      padding="p-5 sm:p-6"
      className="scroll-mt-24"
      aria-labelledby={headingId}
      role="region"
      data-application-id={a.id}
    >
      <div className="flex flex-wrap items-center gap-3">
        {/* Takes the focus once a move settled: the button that opened it went with the state it offered. */}
        <h3 id={headingId} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          {a.medication}
        </h3>
        <ApplicationStateBadge state={a.state} />
        <RenewalBadge application={a} />
        <span className="text-xs text-slate-500">Opened {formatDate(a.createdAt)}</span>
      </div>
      <p className="mt-2 text-sm text-slate-700">
        <span className="font-semibold">Next step for the patient: </span>
        {a.nextStep}
      </p>
      <p className="mt-1 text-sm text-slate-700">
        <span className="font-semibold">Coverage: </span>
        {coverage && `${coverage.provider} · `}
        {coverageLine(coverage)}
      </p>
      <EligibilitySummary
        program={a.program}
        eligibility={a.eligibility}
        audience="navigator"
        className="mt-3 rounded-xl bg-slate-50 p-3"
      />
      {a.routes.length > 0 && (
        <details className="mt-3 rounded-xl bg-slate-50 p-3 text-sm">
          <summary className="cursor-pointer font-semibold text-slate-900">
            Every route for this patient ({a.routes.length})
          </summary>
          <div className="mt-2">
            <RouteCards routes={a.routes} label={`Routes for ${a.medication}`} />
          </div>
        </details>
      )}
      <ApplicationEnrollment application={a} />
      <ApplicationShipments application={a} audience="navigator" />

      {refusal && <RefusalAlert application={a} refusal={refusal} />}

      <div className="mt-5 grid gap-6 lg:grid-cols-[1fr_1.2fr]">
        <div className="space-y-5">
          <div>
            <h4 className="text-sm font-semibold text-slate-900">Move to</h4>
            {open ? (
              <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={`Move ${a.medication} to`}>
                {a.nextStates.map((s) => (
                  <Button
                    key={s}
                    size="sm"
                    variant={endsOrDenies(s) ? 'secondaryDanger' : 'outline'}
                    onClick={(e) => onChoose(s, e.currentTarget)}
                  >
                    {stateLabel(s)}
                  </Button>
                ))}
              </div>
            ) : (
              <p className="mt-1 text-sm text-slate-600">
                {a.stateLabel} is final: this application cannot move any more.
              </p>
            )}
          </div>
          {open && <ProgramOverride application={a} />}
          <div>
            <h4 className="text-sm font-semibold text-slate-900">Packet</h4>
            <div className="mt-2">
              <PacketDownloadButton path={`/admin/applications/${encodeURIComponent(a.id)}/packet`} />
            </div>
          </div>
          {/* A copay card or a foundation takes no signature (Send to program says where the patient enrolls), nor
              does a packet already with the program, decided or enrolled. */}
          {packetIsOpen(a) && goesAsPacket(a.program?.kind ?? null) && <PrescriberRequest application={a} />}
          {a.program && <SendToProgram application={a} />}
          {(a.documents.length > 0 || open) && (
            <div>
              <h4 className="text-sm font-semibold text-slate-900">
                Checklist {a.missingDocuments.length ? `(${a.missingDocuments.length} missing)` : '(complete)'}
              </h4>
              {a.documents.length > 0 && (
                <ApplicationChecklist
                  application={a}
                  audience="navigator"
                  action={(item) => open && <MarkDocumentButton application={a} item={item} />}
                />
              )}
              {/* Hidden once the case is closed or cancelled: its checklist can no longer change (409). */}
              <RequestDocument application={a} />
            </div>
          )}
        </div>
        <div>
          <h4 className="text-sm font-semibold text-slate-900">Timeline</h4>
          <ApplicationTimeline application={a} audience="navigator" label={`${a.medication} timeline`} />
        </div>
      </div>
    </Card>
  );
}

/** A refused move stays explained on its application until the navigator acts on it again. */
function RefusalAlert({ application: a, refusal }: { application: ApplicationView; refusal: Refusal }) {
  return (
    // Takes the focus once the dialog closed on the refusal.
    <div id={panelFocusIds(a.id).refusal} tabIndex={-1} className="mt-4 focus:outline-none">
      <FormAlert>
        <strong className="font-semibold">Your move was not saved: </strong>
        {/* The server's words say who moved it first: another navigator, or the system (a timer). */}
        {refusal.message}{' '}
        {refusal.code === 'stale-state' ? (
          <>This view now shows it in {a.stateLabel}: check its timeline and choose the next step again.</>
        ) : (
          <>This view now shows the application as it is.</>
        )}
      </FormAlert>
    </div>
  );
}
