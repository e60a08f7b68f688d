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
import { useLingui } from '@lingui/react';
import type { EligibilityFacts, PublicUser } from '@rxbridge/contracts';
import { drugCoverageLabel } from '@/components/coverage/coverage-labels';
import { formatCents, formatDate, formatPhone } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useInsurances } from '../records/api/get-insurances';
import { useDoctors } from '../records/api/get-doctors';
import { usePrescriptions } from '../records/api/get-prescriptions';
import { useApplications } from '../applications/api/get-applications';
import { currentApplicationOf } from '../applications/next-step';
import { useEligibility } from '../eligibility/api/get-eligibility';
import { useDashboardDialogs } from '../dashboard-dialogs';
import { ApplicationStateBadge } from '@/components/applications/application-state-badge';
import { applicationStateLabel } from '@/components/applications/state-label';
import { LoadError } from '../load-error';
import { insuranceProviderLabel } from '@/components/coverage/coverage-labels';
import { coverageTypeLabel, specialtyLabel } from '../records/labels';

function DashboardCard({
  name,
  icon: Icon,
  title,
  action,
  onAction,
  children,
}: {
  /** The card's id, the same in every language. */
  name: string;
  icon: LucideIcon;
  title: string;
  action: string;
  onAction(): void;
  children: ReactNode;
}) {
  const id = `card-${name}`;
  return (
    <Card padding="p-5" className="flex flex-col" role="region" aria-labelledby={id}>
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
  const { _ } = useLingui();

  return (
    <div className="mt-8 grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
      <DashboardCard
        name="profile"
        icon={UserRound}
        title={_('dashboard.cards.profile')}
        action={_('dashboard.cards.editProfile')}
        onAction={() => dialogs.open('profile')}
      >
        <dl className="space-y-1">
          <div>
            <dt className="sr-only">{_('dashboard.cards.name')}</dt>
            <dd className="font-medium text-slate-900">
              {user.firstName} {user.lastName}
            </dd>
          </div>
          <div>
            <dt className="sr-only">{_('dashboard.cards.dateOfBirth')}</dt>
            <dd>{_('dashboard.cards.born', { date: formatDate(user.dateOfBirth?.slice(0, 10)) })}</dd>
          </div>
          <div>
            <dt className="sr-only">{_('dashboard.cards.phone')}</dt>
            <dd>{formatPhone(user.phone)}</dd>
          </div>
          <div>
            <dt className="sr-only">{_('dashboard.cards.address')}</dt>
            <dd>
              {user.mailingCity}, {user.mailingState} {user.mailingZip}
            </dd>
          </div>
        </dl>
      </DashboardCard>

      <DashboardCard
        name="insurance-info"
        icon={ShieldCheck}
        title={_('dashboard.cards.insurance')}
        action={_('dashboard.cards.manageInsurance')}
        onAction={() => dialogs.open('insurance')}
      >
        {insurances.isPending && <Loading />}
        {insurances.isError && (
          <LoadError title={_('dashboard.records.insurance.loadFailed')} error={insurances.error} />
        )}
        {insurances.data?.length === 0 && <Empty>{_('dashboard.records.insurance.none')}</Empty>}
        <ul className="space-y-1">
          {insurances.data?.map((i) => (
            <li key={i.id}>
              <span className="font-medium text-slate-900">{insuranceProviderLabel(i.provider)}</span> ·{' '}
              {i.drugCoverage ? drugCoverageLabel(i.drugCoverage) : coverageTypeLabel(i.coverageType)}
            </li>
          ))}
        </ul>
      </DashboardCard>

      <DashboardCard
        name="doctors-info"
        icon={Stethoscope}
        title={_('dashboard.cards.doctors')}
        action={_('dashboard.cards.manageDoctors')}
        onAction={() => dialogs.open('doctors')}
      >
        {doctors.isPending && <Loading />}
        {doctors.isError && <LoadError title={_('dashboard.records.doctors.loadFailed')} error={doctors.error} />}
        {doctors.data?.length === 0 && <Empty>{_('dashboard.records.doctors.none')}</Empty>}
        <ul className="space-y-1">
          {doctors.data?.map((d) => (
            <li key={d.id}>
              <span className="font-medium text-slate-900">
                {_('dashboard.records.doctors.name', { firstName: d.firstName, lastName: d.lastName })}
              </span>{' '}
              · {specialtyLabel(d.specialty)}
            </li>
          ))}
        </ul>
      </DashboardCard>

      <DashboardCard
        name="prescriptions"
        icon={Pill}
        title={_('dashboard.cards.prescriptions')}
        action={_('dashboard.cards.managePrescriptions')}
        onAction={() => dialogs.open('prescriptions')}
      >
        {prescriptions.isPending && <Loading />}
        {prescriptions.isError && (
          <LoadError title={_('dashboard.records.prescriptions.loadFailed')} error={prescriptions.error} />
        )}
        {prescriptions.data?.length === 0 && <Empty>{_('dashboard.records.prescriptions.none')}</Empty>}
        <ul className="space-y-2">
          {prescriptions.data?.map((p) => {
            const application = currentApplicationOf(applications.data, p.id);
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
                    aria-label={_('dashboard.cards.applicationButton', {
                      medication: p.medication,
                      state: applicationStateLabel(application.state),
                    })}
                    onClick={() => dialogs.openApplication(application.id)}
                  >
                    <ApplicationStateBadge state={application.state} />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </DashboardCard>

      <div className="grid gap-5 sm:col-span-2 md:grid-cols-3 xl:col-span-4">
        <DashboardCard
          name="eligibility"
          icon={HandCoins}
          title={_('dashboard.cards.eligibility')}
          action={_('dashboard.cards.editEligibility')}
          onAction={() => dialogs.open('eligibility')}
        >
          {eligibility.isPending && <Loading />}
          {eligibility.isError && <LoadError title={_('dashboard.eligibility.loadFailed')} error={eligibility.error} />}
          {eligibility.data && !hasFacts(eligibility.data) && (
            <>
              <p className="font-medium text-slate-900">{_('dashboard.cards.notProvided')}</p>
              <p className="mt-1">{_('dashboard.cards.addFacts')}</p>
            </>
          )}
          {eligibility.data && hasFacts(eligibility.data) && (
            <dl className="space-y-1">
              <div className="flex gap-1.5">
                <dt>{_('dashboard.cards.household')}</dt>
                <dd className="font-medium text-slate-900">
                  {_('dashboard.cards.people', { count: eligibility.data.householdSize })}
                </dd>
              </div>
              <div className="flex gap-1.5">
                <dt>{_('dashboard.cards.income')}</dt>
                <dd className="font-medium text-slate-900">
                  {formatCents(eligibility.data.annualIncomeCents, { dropZeroCents: true })}
                </dd>
              </div>
            </dl>
          )}
        </DashboardCard>
        <DashboardCard
          name="update-documents"
          icon={FileText}
          title={_('dashboard.cards.documents')}
          action={_('dashboard.cards.documents')}
          onAction={() => dialogs.open('documents')}
        >
          {_('dashboard.cards.documentsBody')}
        </DashboardCard>
        <DashboardCard
          name="need-help"
          icon={LifeBuoy}
          title={_('dashboard.cards.help')}
          action={_('dashboard.cards.contactSupport')}
          onAction={() => dialogs.open('support')}
        >
          <span className="inline-flex items-start gap-1.5">
            <HeartPulse className="mt-0.5 size-4 shrink-0 text-teal-600" aria-hidden />
            {_('dashboard.cards.helpBody')}
          </span>
        </DashboardCard>
      </div>
    </div>
  );
}
