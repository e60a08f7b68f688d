import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import {
  ArrowLeft,
  CalendarDays,
  CheckCircle2,
  CircleDashed,
  ExternalLink,
  MailCheck,
  MailWarning,
  Package,
} from 'lucide-react';
import type {
  AdminPatientRecord,
  ApplicationDocumentItem,
  ApplicationState,
  ApplicationView,
  PaymentView,
  SubscriptionView,
} from '@rxbridge/contracts';
import { stateLabel } from '@rxbridge/domain';
import { ApiError, messageOf } from '@/lib/api-client';
import { formatBytes, formatCents, formatDate, formatDateTime, titleCase } from '@/lib/format';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { usePatientRecord } from '../api/get-patient-record';
import { getDocumentAccessUrl } from '../api/open-document';
import { useSetDocumentStatus } from '../api/set-document-status';
import { ApplicationStateBadge } from '@/components/application-state-badge';
import { TransitionDialog, type PendingMove, type Refusal } from '../components/transition-dialog';

/** /navigator/patients/:patientId: the patient's whole record (each read audited) and their applications. */
export function PatientPage() {
  const { patientId = '' } = useParams();
  const record = usePatientRecord(patientId);
  const { hash } = useLocation();

  // The queue links to one application: bring it into view once the record is on screen.
  const loaded = !!record.data;
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  return (
    <div className="space-y-6">
      <Link
        to="/navigator"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-teal-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Work queue
      </Link>
      {record.isPending && <Spinner className="flex justify-center py-16" label="Loading the patient’s record" />}
      {record.isError && (
        <FormAlert>
          <strong className="font-semibold">
            {record.error instanceof ApiError && record.error.status === 404
              ? 'Patient not found'
              : 'Failed to load the patient’s record'}
          </strong>
          <span className="block">{messageOf(record.error, 'An error occurred')}</span>
        </FormAlert>
      )}
      {record.data && <PatientRecord record={record.data} />}
    </div>
  );
}

function PatientRecord({ record }: { record: AdminPatientRecord }) {
  const p = record.patient;
  const name = `${p.firstName} ${p.lastName}`;
  const [move, setMove] = useState<PendingMove | null>(null);
  // A refused move's message stays on its application until the navigator acts on it again.
  const [refusals, setRefusals] = useState<Record<string, Refusal>>({});
  const choose = (application: ApplicationView, toState: ApplicationState) => {
    setRefusals(({ [application.id]: _, ...rest }) => rest);
    setMove({ application, fromState: application.state, toState });
  };
  const refused = (applicationId: string, refusal: Refusal) => {
    setRefusals((r) => ({ ...r, [applicationId]: refusal }));
    toast.error('Application not moved', {
      description:
        refusal.code === 'stale-state'
          ? 'Another navigator moved it first. Its current state is now shown.'
          : refusal.message,
    });
  };

  return (
    <>
      <Card className="p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{name}</h1>
            <p className="mt-1 text-sm text-slate-600">
              Patient since {formatDate(p.createdAt)} · {titleCase(p.tier)} plan
            </p>
          </div>
          <Badge tone={p.emailVerified ? 'success' : 'warning'}>
            {p.emailVerified ? <MailCheck aria-hidden /> : <MailWarning aria-hidden />}
            Email {p.emailVerified ? 'verified' : 'not verified'}
          </Badge>
        </div>
        <dl className="mt-5 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <Item
            label="Email"
            value={
              <a href={`mailto:${p.email}`} className="break-all text-teal-700 hover:underline">
                {p.email}
              </a>
            }
          />
          <Item
            label="Phone"
            value={
              <a href={`tel:${p.phone}`} className="text-teal-700 hover:underline">
                {formatPhone(p.phone)}
              </a>
            }
          />
          <Item label="Date of birth" value={formatDate(p.dateOfBirth)} />
          <Item
            label="Gender / marital status"
            value={[p.gender, p.maritalStatus]
              .filter(Boolean)
              .map((v) => titleCase(v!))
              .join(' · ')}
          />
          <Item
            label="Mailing address"
            className="sm:col-span-2"
            value={`${p.mailingStreet}, ${p.mailingCity}, ${p.mailingState} ${p.mailingZip}`}
          />
        </dl>
      </Card>

      <section aria-labelledby="applications-heading" className="space-y-4">
        <h2 id="applications-heading" className="text-xl font-bold text-slate-900">
          Applications ({record.applications.length})
        </h2>
        {record.applications.length === 0 && (
          <Card className="text-sm text-slate-600">No applications yet: they open when prescriptions are added.</Card>
        )}
        {record.applications.map((a) => (
          <ApplicationPanel key={a.id} application={a} refusal={refusals[a.id]} onChoose={(to) => choose(a, to)} />
        ))}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <SubscriptionCard subscriptions={record.subscriptions} />
        <PaymentsCard payments={record.payments} total={record.paymentCount} />
        <ListCard title="Prescriptions" empty="No prescriptions.">
          {record.prescriptions.map((rx) => (
            <li key={rx.id} className="py-2.5">
              <p className="font-medium text-slate-900">{rx.medication}</p>
              <p className="text-slate-600">
                {[rx.dosage, rx.frequency].filter(Boolean).join(' · ') || 'Dosage not given'}
                {rx.doctor && ` · Dr. ${rx.doctor.firstName} ${rx.doctor.lastName}`}
              </p>
            </li>
          ))}
        </ListCard>
        <ListCard title="Doctors" empty="No doctors.">
          {record.doctors.map((d) => (
            <li key={d.id} className="py-2.5">
              <p className="font-medium text-slate-900">
                Dr. {d.firstName} {d.lastName} <span className="font-normal text-slate-500">· {d.specialty}</span>
              </p>
              <p className="text-slate-600">
                {d.doctorAddress}
                {d.phone && ` · ${d.phone}`}
                {d.npiNumber && ` · NPI ${d.npiNumber}`}
              </p>
            </li>
          ))}
        </ListCard>
        <ListCard title="Insurance" empty="No insurance on file.">
          {record.insurances.map((i) => (
            <li key={i.id} className="py-2.5">
              <p className="font-medium text-slate-900">{i.provider}</p>
              <p className="text-slate-600">
                {[
                  i.coverageType,
                  i.policyNumber && `Policy ${i.policyNumber}`,
                  i.groupNumber && `Group ${i.groupNumber}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </li>
          ))}
        </ListCard>
        <DocumentsCard documents={record.documents} />
      </div>

      <TransitionDialog move={move} patientName={name} onClose={() => setMove(null)} onRefused={refused} />
    </>
  );
}

/** The stored digits as a navigator dials them: (614) 555-0142 for US numbers. */
function formatPhone(phone: string) {
  const us = phone.replace(/^\+?1(?=\d{10}$)/, '');
  return /^\d{10}$/.test(us) ? `(${us.slice(0, 3)}) ${us.slice(3, 6)}-${us.slice(6)}` : phone;
}

function Item({ label, value, className }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{value || '—'}</dd>
    </div>
  );
}

function ListCard({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children.length ? (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">{children}</ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      )}
    </Card>
  );
}

function DocumentsCard({ documents }: { documents: AdminPatientRecord['documents'] }) {
  const [opening, setOpening] = useState<string | null>(null);
  const open = async (id: string, title: string) => {
    // The tab opens on the click (popup blockers allow that), then receives the signed link.
    const tab = window.open('', '_blank');
    setOpening(id);
    try {
      const url = await getDocumentAccessUrl(id);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      toast.error('Download failed', { description: messageOf(error, `Failed to open ${title}`) });
    } finally {
      setOpening(null);
    }
  };
  return (
    <ListCard title="Documents" empty="No documents uploaded.">
      {documents.map((d) => (
        <li key={d.id} className="flex items-center justify-between gap-3 py-2.5">
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{d.title}</p>
            <p className="text-slate-600">
              {formatBytes(d.fileSize)} · uploaded {formatDate(d.createdAt)}
            </p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            isLoading={opening === d.id}
            onClick={() => open(d.id, d.title)}
            aria-label={`Open ${d.title}`}
          >
            <ExternalLink aria-hidden /> Open
          </Button>
        </li>
      ))}
    </ListCard>
  );
}

const SUBSCRIPTION_TONE: Record<string, BadgeTone> = {
  ACTIVE: 'success',
  PENDING_CHARGE: 'info',
  PENDING_PAYMENT: 'warning',
  PAST_DUE: 'danger',
  UNPAID: 'danger',
  CANCELLED: 'neutral',
};
const PAYMENT_TONE: Record<string, BadgeTone> = { SUCCEEDED: 'success', FAILED: 'danger', PENDING: 'info' };

function SubscriptionCard({ subscriptions }: { subscriptions: SubscriptionView[] }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Subscription</h2>
      {subscriptions.length === 0 && <p className="mt-2 text-sm text-slate-600">No open subscription.</p>}
      {subscriptions.map((s) => (
        <dl key={s.id} className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
          <Item
            label="Status"
            value={<Badge tone={SUBSCRIPTION_TONE[s.status] ?? 'neutral'}>{titleCase(s.status)}</Badge>}
          />
          <Item
            label="Amount"
            value={`${formatCents(s.totalAmount)}${s.interval === 'month' ? ' / month' : s.interval === 'one_time' ? ' one-time' : ''}`}
          />
          <Item label="Plan" value={titleCase(s.tier)} />
          <Item label="Prescriptions" value={String(s.prescriptionCount)} />
          <Item label="Current period ends" value={formatDate(s.currentPeriodEnd)} />
          <Item
            label="Card"
            value={
              s.paymentMethod?.last4
                ? `${titleCase(s.paymentMethod.brand ?? 'card')} •••• ${s.paymentMethod.last4}`
                : 'None saved'
            }
          />
          {s.cancelAtPeriodEnd && (
            <p className="col-span-2 text-amber-800">Cancels at the end of the current period.</p>
          )}
        </dl>
      ))}
    </Card>
  );
}

function PaymentsCard({ payments, total }: { payments: PaymentView[]; total: number }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Payments</h2>
      {payments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          No payments yet: the first charge comes when the first shipment is scheduled.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {payments.map((pay) => (
            <li key={pay.id} className="py-2.5">
              <p className="flex items-center gap-2">
                <span className="font-semibold tabular-nums text-slate-900">{formatCents(pay.amount)}</span>
                <Badge tone={PAYMENT_TONE[pay.status] ?? 'neutral'}>{titleCase(pay.status)}</Badge>
                <span className="ml-auto text-xs text-slate-500">{formatDateTime(pay.createdAt)}</span>
              </p>
              <p className="mt-0.5 text-slate-600">{pay.description ?? 'Charge'}</p>
              {pay.failureMessage && <p className="text-red-700">{pay.failureMessage}</p>}
            </li>
          ))}
        </ul>
      )}
      {total > payments.length && (
        <p className="mt-2 text-xs text-slate-500">
          Showing the latest {payments.length} of {total} payments.
        </p>
      )}
    </Card>
  );
}

function ApplicationPanel({
  application: a,
  refusal,
  onChoose,
}: {
  application: ApplicationView;
  refusal?: Refusal;
  onChoose(to: ApplicationState): void;
}) {
  const timeline = [...a.timeline].sort((x, y) => y.at.localeCompare(x.at));
  const headingId = `application-${a.id}-heading`;
  return (
    <Card
      id={`application-${a.id}`}
      className="scroll-mt-24 p-5 sm:p-6"
      aria-labelledby={headingId}
      role="region"
      data-application-id={a.id}
    >
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {a.medication}
        </h3>
        <ApplicationStateBadge state={a.state} label={a.stateLabel} />
        <span className="text-xs text-slate-500">Opened {formatDate(a.createdAt)}</span>
      </div>
      <p className="mt-2 text-sm text-slate-700">
        <span className="font-semibold">Next step for the patient: </span>
        {a.nextStep}
      </p>
      {(a.enrollmentStartDate || a.enrollmentEndDate) && (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
          <CalendarDays className="size-4" aria-hidden /> Enrolled {formatDate(a.enrollmentStartDate)} –{' '}
          {formatDate(a.enrollmentEndDate)}
        </p>
      )}
      {a.shipments.map((s) => (
        <p key={s.id} className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
          <Package className="size-4 text-teal-600" aria-hidden /> Shipment {formatDate(s.shipmentDate)}:{' '}
          {s.daysOfSupply}-day supply, refill due {formatDate(s.refillDueAt)}
        </p>
      ))}

      {refusal && (
        <div className="mt-4">
          <FormAlert>
            {refusal.code === 'stale-state' ? (
              <>
                <strong className="font-semibold">Your move was not saved: </strong>
                someone else changed this application first. It is now in {a.stateLabel}; check its timeline and choose
                the next step again.
              </>
            ) : (
              <>
                <strong className="font-semibold">Your move was not saved: </strong>
                {refusal.message} This view now shows the application as it is.
              </>
            )}
          </FormAlert>
        </div>
      )}

      <div className="mt-5 grid gap-6 lg:grid-cols-[1fr_1.2fr]">
        <div className="space-y-5">
          <div>
            <h4 className="text-sm font-semibold text-slate-900">Move to</h4>
            {a.nextStates.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">
                {a.stateLabel} is final: this application cannot move any more.
              </p>
            ) : (
              <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={`Move ${a.medication} to`}>
                {a.nextStates.map((s) => (
                  <Button
                    key={s}
                    size="sm"
                    variant={s === 'CANCELLED' || s === 'DENIED' ? 'secondary' : 'outline'}
                    className={s === 'CANCELLED' || s === 'DENIED' ? 'text-red-700' : undefined}
                    onClick={() => onChoose(s)}
                  >
                    {stateLabel(s)}
                  </Button>
                ))}
              </div>
            )}
          </div>
          {a.documents.length > 0 && (
            <div>
              <h4 className="text-sm font-semibold text-slate-900">
                Checklist {a.missingDocuments.length ? `(${a.missingDocuments.length} missing)` : '(complete)'}
              </h4>
              <ul className="mt-2 divide-y divide-slate-100 text-sm">
                {a.documents.map((d) => (
                  <ChecklistItem key={d.kind} application={a} item={d} />
                ))}
              </ul>
            </div>
          )}
        </div>
        <div>
          <h4 className="text-sm font-semibold text-slate-900">Timeline</h4>
          <ol className="mt-3 space-y-4 border-l-2 border-slate-200 pl-5" aria-label={`${a.medication} timeline`}>
            {timeline.map((t, i) => (
              <li key={t.id} className="relative">
                <span
                  className={`absolute -left-[27px] top-1 size-3 rounded-full ring-4 ring-white ${i === 0 ? 'bg-teal-600' : 'bg-slate-300'}`}
                  aria-hidden
                />
                <p className="text-sm font-semibold text-slate-900">
                  {t.fromState ? `${stateLabel(t.fromState)} → ${t.stateLabel}` : t.stateLabel}
                </p>
                {t.note && <p className="text-sm text-slate-700">{t.note}</p>}
                <p className="text-xs text-slate-500">
                  {formatDateTime(t.at)} ·{' '}
                  {t.actorRole === 'SYSTEM' ? 'System' : (t.actorName ?? titleCase(t.actorRole))}
                </p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </Card>
  );
}

function ChecklistItem({ application: a, item: d }: { application: ApplicationView; item: ApplicationDocumentItem }) {
  const setStatus = useSetDocumentStatus();
  const received = d.status === 'RECEIVED';
  const next = received ? 'MISSING' : 'RECEIVED';
  const onClick = () =>
    setStatus.mutate(
      { applicationId: a.id, kind: d.kind, status: next },
      {
        onSuccess: ({ message }) =>
          toast.success(message ?? 'Checklist updated', { description: `${d.label} · ${a.medication}` }),
        onError: (error) =>
          toast.error('Checklist not updated', { description: messageOf(error, 'Please try again.') }),
      },
    );
  return (
    <li className="flex items-center gap-2 py-1.5">
      {received ? (
        <CheckCircle2 className="size-4 shrink-0 text-emerald-600" aria-hidden />
      ) : (
        <CircleDashed className="size-4 shrink-0 text-amber-600" aria-hidden />
      )}
      <span className="min-w-0 flex-1">
        <span className="text-slate-800">{d.label}</span>{' '}
        <span className="text-xs text-slate-500">{received ? `received ${formatDate(d.receivedAt)}` : 'missing'}</span>
      </span>
      {a.nextStates.length > 0 && (
        <Button
          variant="ghost"
          size="sm"
          className="h-8 shrink-0 px-2 text-xs text-teal-700"
          isLoading={setStatus.isPending}
          onClick={onClick}
          aria-label={`Mark ${d.label} ${received ? 'missing' : 'received'} for ${a.medication}`}
        >
          {received ? 'Mark missing' : 'Mark received'}
        </Button>
      )}
    </li>
  );
}
