import { ArrowRight, FileWarning } from 'lucide-react';
import { useLingui } from '@lingui/react';
import type { ApplicationView } from '@rxbridge/contracts';
import { packetIsOpen, patientWaits } from '@rxbridge/domain';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useApplications } from './api/get-applications';
import { useDashboardDialogs } from '../dashboard-dialogs';
import { LoadError } from '../load-error';
import { waitingTitle } from './patient-waits';
import { patientNextStep } from './next-step';
import { ApplicationStateBadge } from '@/components/applications/application-state-badge';
import { ApplicationEnrollment } from '@/components/applications/application-enrollment';
import { RenewalBadge } from '@/components/applications/renewal-badge';
import { EligibilitySummary } from '@/components/eligibility/eligibility-summary';

/** Every application at a glance: state, next step and whether documents are missing. */
export function ApplicationsSummary() {
  const applications = useApplications();
  const dialogs = useDashboardDialogs();
  const { _ } = useLingui();
  if (applications.isError) {
    return (
      <section aria-labelledby="applications-title" className="mt-8">
        <h2 id="applications-title" className="text-lg font-semibold text-slate-900">
          {_('dashboard.applications.summary.title')}
        </h2>
        <div className="mt-3">
          <LoadError
            title={_('dashboard.applications.loadFailed')}
            error={applications.error}
            onRetry={() => applications.refetch()}
          />
        </div>
      </section>
    );
  }
  if (!applications.data?.length) return null;
  return (
    <section aria-labelledby="applications-title" className="mt-8">
      <h2 id="applications-title" className="text-lg font-semibold text-slate-900">
        {_('dashboard.applications.summary.title')}
      </h2>
      <ul className="mt-3 grid gap-4 md:grid-cols-2">
        {applications.data.map((a) => (
          <li key={a.id}>
            <Card
              padding="p-5"
              className="flex h-full flex-col"
              aria-label={_('dashboard.applications.name', { medication: a.medication })}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{a.medication}</h3>
                <ApplicationStateBadge state={a.state} />
              </div>
              <RenewalBadge application={a} />
              <p className="mt-2 text-sm text-slate-600">{patientNextStep(a, applications.data)}</p>
              <ApplicationEnrollment application={a} />
              <EligibilitySummary
                program={a.program}
                eligibility={a.eligibility}
                audience="patient"
                className="mt-3 flex-1 border-t border-slate-100 pt-3"
              />
              <MissingOrWaiting application={a} />
              <Button
                variant="link"
                size="inline"
                className="mt-3 self-start"
                onClick={() => dialogs.openApplication(a.id)}
              >
                {_('dashboard.applications.summary.details')} <ArrowRight aria-hidden />
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The card's line under the program: why nothing is asked while the patient waits on their navigator (patientWaits,
 * docs/product.md §17), else how many documents are missing while the packet is open.
 */
function MissingOrWaiting({ application: a }: { application: ApplicationView }) {
  const { _ } = useLingui();
  const wait = patientWaits(a);
  if (wait) return <p className="mt-3 text-sm text-slate-700">{waitingTitle(wait)}</p>;
  if (!a.missingDocuments.length || !packetIsOpen(a)) return null;
  return (
    <p className="mt-3 flex items-center gap-1.5 text-sm font-medium text-amber-800">
      <FileWarning className="size-4" aria-hidden />
      {_('dashboard.applications.summary.missing', { count: a.missingDocuments.length })}
    </p>
  );
}
