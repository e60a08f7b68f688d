import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from '@/lib/router';
import { toast } from 'sonner';
import { ArrowLeft } from 'lucide-react';
import type { AdminPatientRecord, ApplicationState, ApplicationView } from '@rxbridge/contracts';
import { ApiError } from '@/lib/api-client';
import { Card } from '@/components/ui/card';
import { LoadFailed } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { usePatientRecord } from '../api/get-patient-record';
import { ApplicationPanel } from '../components/application-panel';
import { DocumentsCard } from '../components/documents-card';
import { PatientHeader } from '../components/patient-header';
import { PaymentsCard } from '../components/payments-card';
import { DoctorsCard, InsuranceCard, PrescriptionsCard } from '../components/record-lists';
import { SubscriptionCard } from '../components/subscription-card';
import { SupportMessagesCard } from '../components/support-messages-card';
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
      {record.isError &&
        (record.error instanceof ApiError && record.error.status === 404 ? (
          // The answer's own words would repeat the title: say where the patient can be found instead.
          <LoadFailed
            title="Patient not found"
            fallback="No patient has this address. Open them from the work queue."
          />
        ) : (
          <LoadFailed title="Failed to load the patient’s record" error={record.error} fallback="An error occurred" />
        ))}
      {record.data && <PatientRecord record={record.data} />}
    </div>
  );
}

function PatientRecord({ record }: { record: AdminPatientRecord }) {
  const name = `${record.patient.firstName} ${record.patient.lastName}`;
  const [move, setMove] = useState<PendingMove | null>(null);
  // A refused move's message stays on its application until the navigator acts on it again.
  const [refusals, setRefusals] = useState<Record<string, Refusal>>({});
  // Listed in the order added: the newest plan is the patient's coverage (docs/product.md §15).
  const coverage = record.insurances.at(-1) ?? null;
  const choose = (application: ApplicationView, toState: ApplicationState, opener: HTMLElement) => {
    setRefusals(({ [application.id]: _, ...rest }) => rest);
    setMove({ application, fromState: application.state, toState, opener });
  };
  const refused = (applicationId: string, refusal: Refusal) => {
    setRefusals((r) => ({ ...r, [applicationId]: refusal }));
    // In the server's words, which say whether another navigator or the system moved it first.
    toast.error('Application not moved', { description: refusal.message });
  };

  return (
    <>
      <PatientHeader patient={record.patient} />

      <section aria-labelledby="applications-heading" className="space-y-4">
        <h2 id="applications-heading" className="text-xl font-bold text-slate-900">
          Applications ({record.applications.length})
        </h2>
        {record.applications.length === 0 && (
          <Card className="text-sm text-slate-600">No applications yet: they open when prescriptions are added.</Card>
        )}
        {record.applications.map((a) => (
          <ApplicationPanel
            key={a.id}
            application={a}
            coverage={coverage}
            refusal={refusals[a.id]}
            onChoose={(to, opener) => choose(a, to, opener)}
          />
        ))}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <SupportMessagesCard
          patientId={record.patient.id}
          emailVerified={record.patient.emailVerified}
          messages={record.supportMessages}
          total={record.supportMessageCount}
          awaiting={record.supportMessagesAwaiting}
        />
        <SubscriptionCard subscriptions={record.subscriptions} />
        <PaymentsCard payments={record.payments} total={record.paymentCount} />
        <PrescriptionsCard prescriptions={record.prescriptions} />
        <DoctorsCard doctors={record.doctors} />
        <InsuranceCard insurances={record.insurances} />
        <DocumentsCard documents={record.documents} />
      </div>

      <TransitionDialog move={move} patientName={name} onClose={() => setMove(null)} onRefused={refused} />
    </>
  );
}
