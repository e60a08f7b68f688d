import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { CheckCircle2, Circle, ExternalLink } from 'lucide-react';
import type { ApplicationView, ShipToChoice } from '@rxbridge/contracts';
import { enrollsOnSponsorPage, goesAsPacket, patientAsks, type PatientWait } from '@rxbridge/domain';
import { i18n } from '@/lib/i18n';
import { messageOf } from '@/lib/api-client';
import { focusControl } from '@/lib/use-focus-after-removal';
import { Button } from '@/components/ui/button';
import { useChooseShipTo } from './api/patient-packet';
import { SignApplicationDialog } from './sign-application-dialog';
import { waitingTitle } from './patient-waits';

/** Where the program ships, in the active language. */
const shipToLabel = (choice: ShipToChoice) =>
  choice === 'PATIENT_HOME'
    ? i18n._('dashboard.applications.shipTo.home')
    : i18n._('dashboard.applications.shipTo.office');

/**
 * What is still needed from the patient, one item each with its button (docs/product.md §17): the ship-to choice,
 * enroll in the card or fund on its sponsor's page (the rule the emails follow, enrollsOnSponsorPage) or sign (or
 * sign again once a fact changed) unless the program needs no signature, the missing documents (a file the fax cannot
 * carry counts, and is named); whether their doctor must sign again, and whether the program needs their signature in
 * ink on its paper form.
 */
export function StillNeeded({
  application: a,
  documentsId,
  focusRow,
}: {
  application: ApplicationView;
  documentsId: string;
  /** Marks the row whose Sign goes once signed (useFocusAfterRemoval); the heading takes the focus then. */
  focusRow(id: string): object;
}) {
  const [signing, setSigning] = useState(false);
  // Each opening of the signing dialog starts blank: a signature is given afresh, over the facts as they are then.
  const [signingRound, setSigningRound] = useState(0);
  const { _ } = useLingui();
  const patient = a.signatures.patient;
  const signed = patient?.current === true;
  const shipToOpen = a.shipToChoices.length > 1;
  // Where it ships is one of the facts signed (docs/product.md §17): chosen after a signature, it would cancel the
  // patient's and the doctor's. So the choice comes first, and Sign once it is made.
  const shipToFirst = shipToOpen && !a.shipTo;
  const enrollIn = enrollsOnSponsorPage(a);
  return (
    <section
      aria-labelledby={`${a.id}-needed`}
      className="rounded-xl bg-amber-50/60 p-4 ring-1 ring-inset ring-amber-600/20"
    >
      <h3 id={`${a.id}-needed`} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
        {_('dashboard.applications.needed.title')}
      </h3>
      <ul className="mt-2 space-y-3">
        {shipToOpen && (
          <Item
            done={!!a.shipTo}
            label={
              a.shipTo
                ? _('dashboard.applications.needed.shipsTo', { place: shipToLabel(a.shipTo) })
                : _('dashboard.applications.needed.chooseShipTo')
            }
          >
            <ShipToChoiceForm application={a} />
          </Item>
        )}
        {a.program && enrollIn ? (
          <Item done={false} label={_('dashboard.applications.needed.enroll', { program: enrollIn })}>
            {a.program.website && (
              <a
                href={a.program.website}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-sm font-medium text-teal-800 underline"
              >
                {_('records.route.theirPage', { name: a.program.manufacturer })}
                <ExternalLink className="size-3.5" aria-hidden />
                <span className="sr-only">{_('records.route.newTab')}</span>
              </a>
            )}
          </Item>
        ) : (
          goesAsPacket(a.program?.kind ?? null) &&
          a.patientSignatureNeeded && (
            <Item
              done={signed}
              row={focusRow('sign')}
              label={
                signed
                  ? _('dashboard.applications.needed.signed')
                  : shipToFirst
                    ? _('dashboard.applications.needed.signAfterShipTo')
                    : patient
                      ? _('dashboard.applications.needed.signAgainReason')
                      : _('dashboard.applications.needed.sign')
              }
            >
              {!signed && !shipToFirst && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setSigningRound((n) => n + 1);
                    setSigning(true);
                  }}
                  {...focusControl('sign')}
                >
                  {patient ? _('dashboard.applications.needed.signAgain') : _('dashboard.applications.sign.submit')}
                </Button>
              )}
            </Item>
          )
        )}
        <Item
          done={a.missingDocuments.length === 0}
          label={
            a.missingDocuments.length
              ? _('dashboard.applications.needed.upload', { count: a.missingDocuments.length })
              : _('dashboard.applications.needed.documentsIn')
          }
        >
          {a.missingDocuments.length > 0 && (
            <Button size="sm" variant="outline" onClick={() => document.getElementById(documentsId)?.focus()}>
              {_('dashboard.applications.needed.goToDocuments')}
            </Button>
          )}
        </Item>
        {a.documents
          .filter((d) => d.cannotBeFaxed)
          .map((d) => (
            <li key={d.kind} className="text-sm text-slate-700">
              {_('dashboard.applications.needed.notFaxable', { label: d.label })}
            </li>
          ))}
        {a.signatures.prescriber?.current === false && (
          <li className="text-sm text-slate-700">{_('dashboard.applications.needed.doctorAgain')}</li>
        )}
        {patientAsks(a)?.signInInk && (
          <li className="text-sm text-slate-700">
            {_('dashboard.applications.needed.signInInk', { program: a.program?.name ?? '' })}
          </li>
        )}
      </ul>
      <SignApplicationDialog key={signingRound} application={a} open={signing} onOpenChange={setSigning} />
    </section>
  );
}

/**
 * In place of the asks while nothing is asked of the patient (docs/product.md §17): the navigator goes over the
 * options first, or the card or fund set cannot be used now and the navigator looks for another route.
 */
export function PatientWaiting({ application: a, wait }: { application: ApplicationView; wait: PatientWait }) {
  const id = useId();
  const { _ } = useLingui();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl bg-slate-50 p-4 ring-1 ring-inset ring-slate-600/15">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        {waitingTitle(wait)}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        {wait.kind === 'NAVIGATOR_FIRST'
          ? _('dashboard.applications.waiting.body', { medication: a.medication })
          : _('dashboard.applications.anotherRoute.body')}
      </p>
    </section>
  );
}

function Item({
  done,
  label,
  row,
  children,
}: {
  done: boolean;
  label: string;
  row?: object;
  children?: React.ReactNode;
}) {
  const Icon = done ? CheckCircle2 : Circle;
  const { _ } = useLingui();
  return (
    <li className="flex flex-wrap items-center gap-3" {...row}>
      <Icon className={done ? 'size-5 text-teal-700' : 'size-5 text-slate-500'} aria-hidden />
      <span className="min-w-0 flex-1 basis-32 text-sm text-slate-800">
        <span className="sr-only">
          {done ? _('dashboard.applications.needed.done') : _('dashboard.applications.needed.todo')}{' '}
        </span>
        {label}
      </span>
      {children}
    </li>
  );
}

/** The places the program ships, as radio buttons, and one Save. */
function ShipToChoiceForm({ application: a }: { application: ApplicationView }) {
  const id = useId();
  const [choice, setChoice] = useState<ShipToChoice | null>(a.shipTo);
  const save = useChooseShipTo();
  const { _ } = useLingui();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!choice) return;
    // mutateAsync, not mutate's callbacks: those are dropped once the form is gone (the application's dialog closed
    // while the choice was on its way), and the toast must still say how it went.
    save.mutateAsync({ applicationId: a.id, shipTo: choice }).then(
      () => toast.success(_('dashboard.applications.shipTo.saved'), { description: a.medication }),
      (error: unknown) =>
        toast.error(_('dashboard.applications.shipTo.notSaved'), {
          description: messageOf(error, _('dashboard.applications.tryAgain')),
        }),
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-3">
      <fieldset className="flex flex-wrap gap-3">
        <legend className="sr-only">{_('dashboard.applications.shipTo.legend', { medication: a.medication })}</legend>
        {a.shipToChoices.map((c) => (
          <label key={c} className="flex items-center gap-1.5 text-sm text-slate-800">
            <input type="radio" name={`${id}-ship-to`} value={c} checked={choice === c} onChange={() => setChoice(c)} />
            {shipToLabel(c)}
          </label>
        ))}
      </fieldset>
      <Button type="submit" size="sm" variant="outline" disabled={!choice} isLoading={save.isPending}>
        {_('dashboard.applications.shipTo.save')}
      </Button>
    </form>
  );
}
