import type { ReactNode } from 'react';
import {
  FileText,
  HandCoins,
  HeartPulse,
  LifeBuoy,
  Pill,
  ShieldCheck,
  Stethoscope,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { DRUG_COVERAGE_LABELS, type EligibilityFacts, type PublicUser } from '@rxbridge/contracts';
import { formatCents, formatDate, formatPhone } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useInsurances } from '../records/api/get-insurances';
import { useDoctors } from '../records/api/get-doctors';
import { usePrescriptions } from '../records/api/get-prescriptions';
import { useApplications } from '../applications/api/get-applications';
import { useEligibility } from '../eligibility/api/get-eligibility';
import { useDashboardDialogs } from '../dashboard-dialogs';
import { ApplicationStateBadge } from '@/components/applications/application-state-badge';
import { LoadError } from '../load-error';

function DashboardCard({
  icon: Icon,
  title,
  action,
  onAction,
  children,
}: {
  icon: LucideIcon;
  title: string;
  action: string;
  onAction(): void;
  children: ReactNode;
}) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card className="flex flex-col p-5" role="region" aria-labelledby={id}>
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-teal-50 text-teal-700">
          <Icon className="size-5" aria-hidden />
        </span>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
      </div>
      <div className="mt-4 flex-1 text-sm text-slate-600">{children}</div>
      <Button variant="outline" size="sm" className="mt-5 self-start" onClick={onAction}>
        {action}
      </Button>
    </Card>
  );
}

/** Both facts saved: screening can run. */
const hasFacts = (f: EligibilityFacts): f is { householdSize: number; annualIncomeCents: number } =>
  f.householdSize !== null && f.annualIncomeCents !== null;

const Empty = ({ children }: { children: ReactNode }) => <p className="text-slate-500">{children}</p>;
const Loading = () => <div className="h-12 animate-pulse rounded-lg bg-slate-100" aria-hidden />;

export function RecordCards({ user }: { user: PublicUser }) {
  const dialogs = useDashboardDialogs();
  const insurances = useInsurances();
  const doctors = useDoctors();
  const prescriptions = usePrescriptions();
  const applications = useApplications();
  const eligibility = useEligibility();
  const applicationOf = (prescriptionId: string) => applications.data?.find((a) => a.prescriptionId === prescriptionId);

  return (
    <div className="mt-8 grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
      <DashboardCard icon={UserRound} title="Profile" action="Edit Profile" onAction={() => dialogs.open('profile')}>
        <dl className="space-y-1">
          <div>
            <dt className="sr-only">Name</dt>
            <dd className="font-medium text-slate-900">
              {user.firstName} {user.lastName}
            </dd>
          </div>
          <div>
            <dt className="sr-only">Date of birth</dt>
            <dd>Born {formatDate(user.dateOfBirth?.slice(0, 10))}</dd>
          </div>
          <div>
            <dt className="sr-only">Phone</dt>
            <dd>{formatPhone(user.phone)}</dd>
          </div>
          <div>
            <dt className="sr-only">Address</dt>
            <dd>
              {user.mailingCity}, {user.mailingState} {user.mailingZip}
            </dd>
          </div>
        </dl>
      </DashboardCard>

      <DashboardCard
        icon={ShieldCheck}
        title="Insurance Info"
        action="Manage Insurance"
        onAction={() => dialogs.open('insurance')}
      >
        {insurances.isPending && <Loading />}
        {insurances.isError && <LoadError title="Failed to load insurance data" error={insurances.error} />}
        {insurances.data?.length === 0 && <Empty>No insurance added yet.</Empty>}
        <ul className="space-y-1">
          {insurances.data?.map((i) => (
            <li key={i.id}>
              <span className="font-medium text-slate-900">{i.provider}</span> ·{' '}
              {i.drugCoverage ? DRUG_COVERAGE_LABELS[i.drugCoverage] : i.coverageType}
            </li>
          ))}
        </ul>
      </DashboardCard>

      <DashboardCard
        icon={Stethoscope}
        title="Doctors Info"
        action="Manage Doctors"
        onAction={() => dialogs.open('doctors')}
      >
        {doctors.isPending && <Loading />}
        {doctors.isError && <LoadError title="Failed to load doctors data" error={doctors.error} />}
        {doctors.data?.length === 0 && <Empty>No doctors added yet.</Empty>}
        <ul className="space-y-1">
          {doctors.data?.map((d) => (
            <li key={d.id}>
              <span className="font-medium text-slate-900">
                Dr. {d.firstName} {d.lastName}
              </span>{' '}
              · {d.specialty}
            </li>
          ))}
        </ul>
      </DashboardCard>

      <DashboardCard
        icon={Pill}
        title="Prescriptions"
        action="Manage Prescriptions"
        onAction={() => dialogs.open('prescriptions')}
      >
        {prescriptions.isPending && <Loading />}
        {prescriptions.isError && <LoadError title="Failed to load prescriptions data" error={prescriptions.error} />}
        {prescriptions.data?.length === 0 && <Empty>No prescriptions added yet.</Empty>}
        <ul className="space-y-2">
          {prescriptions.data?.map((p) => {
            const application = applicationOf(p.id);
            return (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                <span>
                  <span className="font-medium text-slate-900">{p.medication}</span>
                  {p.dosage && ` · ${p.dosage}`}
                </span>
                {application && (
                  <button
                    type="button"
                    className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-500"
                    aria-label={`${p.medication} application: ${application.stateLabel}. View details`}
                    onClick={() => dialogs.openApplication(application.id)}
                  >
                    <ApplicationStateBadge state={application.state} label={application.stateLabel} />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </DashboardCard>

      <div className="grid gap-5 sm:col-span-2 md:grid-cols-3 xl:col-span-4">
        <DashboardCard
          icon={HandCoins}
          title="Eligibility"
          action="Edit Eligibility"
          onAction={() => dialogs.open('eligibility')}
        >
          {eligibility.isPending && <Loading />}
          {eligibility.isError && <LoadError title="Failed to load eligibility" error={eligibility.error} />}
          {eligibility.data && !hasFacts(eligibility.data) && (
            <>
              <p className="font-medium text-slate-900">Not provided yet</p>
              <p className="mt-1">Add your household size and yearly income to see whether you likely qualify.</p>
            </>
          )}
          {eligibility.data && hasFacts(eligibility.data) && (
            <dl className="space-y-1">
              <div className="flex gap-1.5">
                <dt>Household:</dt>
                <dd className="font-medium text-slate-900">
                  {eligibility.data.householdSize === 1 ? '1 person' : `${eligibility.data.householdSize} people`}
                </dd>
              </div>
              <div className="flex gap-1.5">
                <dt>Yearly income:</dt>
                <dd className="font-medium text-slate-900">
                  {formatCents(eligibility.data.annualIncomeCents, { dropZeroCents: true })}
                </dd>
              </div>
            </dl>
          )}
        </DashboardCard>
        <DashboardCard
          icon={FileText}
          title="Update Documents"
          action="Update Documents"
          onAction={() => dialogs.open('documents')}
        >
          Upload proof of income, insurance cards and letters your programs ask for. Everything is stored encrypted.
        </DashboardCard>
        <DashboardCard
          icon={LifeBuoy}
          title="Need Help?"
          action="Contact Support"
          onAction={() => dialogs.open('support')}
        >
          <span className="inline-flex items-start gap-1.5">
            <HeartPulse className="mt-0.5 size-4 shrink-0 text-teal-600" aria-hidden />
            Questions about your applications, documents or billing? Your care team replies within 24 hours.
          </span>
        </DashboardCard>
      </div>
    </div>
  );
}
