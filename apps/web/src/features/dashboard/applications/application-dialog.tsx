import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { Upload } from 'lucide-react';
import { DOCUMENT_ACCEPT, type ApplicationDocumentItem, type ApplicationView } from '@rxbridge/contracts';
import { packetIsOpen, patientAsks, patientWaits } from '@rxbridge/domain';
import { messageOf } from '@/lib/api-client';
import { focusControl, useFocusAfterRemoval } from '@/lib/use-focus-after-removal';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { ApplicationChecklist } from '@/components/applications/application-checklist';
import { ApplicationEnrollment } from '@/components/applications/application-enrollment';
import { ApplicationShipments } from '@/components/applications/application-shipments';
import { ApplicationStateBadge } from '@/components/applications/application-state-badge';
import { ApplicationTimeline } from '@/components/applications/application-timeline';
import { PacketDownloadButton } from '@/components/applications/packet-download-button';
import { EligibilitySummary } from '@/components/eligibility/eligibility-summary';
import { RouteCards } from '@/components/routes/route-cards';
import { useApplications } from './api/get-applications';
import { useUploadForApplication } from './api/attach-application-document';
import { checkUpload } from '../records/api/upload-document';
import { useDashboardDialogs, useDialogProps } from '../dashboard-dialogs';
import { LoadError } from '../load-error';
import { PatientWaiting, StillNeeded } from './still-needed';
import { patientNextStep } from './next-step';

export function ApplicationDialog() {
  const dialog = useDialogProps('application');
  const { applicationId } = useDashboardDialogs();
  const applications = useApplications();
  const application = applications.data?.find((a) => a.id === applicationId);
  const { _ } = useLingui();
  return (
    <Dialog
      {...dialog}
      title={
        application
          ? _('dashboard.applications.name', { medication: application.medication })
          : _('dashboard.applications.dialog.title')
      }
      description={_('dashboard.applications.dialog.description')}
      className="max-w-2xl"
    >
      {applications.isPending && (
        <Spinner className="flex justify-center py-8" label={_('dashboard.applications.dialog.loading')} />
      )}
      {applications.isError && (
        <LoadError
          title={_('dashboard.applications.loadFailed')}
          error={applications.error}
          onRetry={() => applications.refetch()}
        />
      )}
      {applications.data && !application && (
        <p className="text-sm text-slate-600">{_('dashboard.applications.dialog.gone')}</p>
      )}
      {application && <ApplicationDetails application={application} applications={applications.data ?? []} />}
    </Dialog>
  );
}

function ApplicationDetails({
  application: a,
  applications,
}: {
  application: ApplicationView;
  applications: readonly ApplicationView[];
}) {
  // Documents are asked, and taken, while the packet is open (docs/product.md §17).
  const asking = packetIsOpen(a);
  // Nothing asked of the patient: their navigator goes over the options first, or looks for another route.
  const wait = patientWaits(a);
  const { _ } = useLingui();
  // An item's Upload goes once it is received, Sign once signed: the focus goes to the next item's Upload (else the
  // previous one's), else to what is still needed, else to the documents.
  const focusRow = useFocusAfterRemoval(
    (control) =>
      document.getElementById(control === 'sign' ? `${a.id}-needed` : `${a.id}-docs`) ??
      document.getElementById(`${a.id}-docs`),
  );
  return (
    <div className="space-y-6">
      <section
        aria-label={_('dashboard.applications.dialog.currentStatus')}
        className="rounded-xl bg-teal-50/60 p-4 ring-1 ring-inset ring-teal-600/15"
      >
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-slate-700">{_('dashboard.applications.dialog.status')}</span>
          <ApplicationStateBadge state={a.state} />
        </div>
        <p className="mt-2 text-sm text-slate-800">
          <span className="font-semibold">{_('dashboard.applications.dialog.nextStep')} </span>
          {patientNextStep(a, applications)}
        </p>
        <ApplicationEnrollment application={a} />
        <div className="mt-3">
          <PacketDownloadButton path={`/applications/${encodeURIComponent(a.id)}/packet`} />
        </div>
      </section>

      {patientAsks(a) && <StillNeeded application={a} documentsId={`${a.id}-docs`} focusRow={focusRow} />}
      {wait && <PatientWaiting application={a} wait={wait} />}

      <section aria-labelledby={`${a.id}-program`}>
        <h3 id={`${a.id}-program`} className="font-semibold text-slate-900">
          {_('dashboard.applications.dialog.program')}
        </h3>
        <EligibilitySummary program={a.program} eligibility={a.eligibility} audience="patient" className="mt-2" />
      </section>

      {a.routes.length > 0 && (
        <section aria-labelledby={`${a.id}-routes`}>
          <h3 id={`${a.id}-routes`} className="font-semibold text-slate-900">
            {_('dashboard.applications.dialog.routes', { medication: a.medication })}
          </h3>
          <p className="mt-1 text-sm text-slate-600">{_('dashboard.applications.dialog.routesBody')}</p>
          <div className="mt-2">
            <RouteCards
              routes={a.routes}
              label={_('dashboard.applications.dialog.routesLabel', { medication: a.medication })}
            />
          </div>
        </section>
      )}

      {a.documents.length > 0 && (
        <section aria-labelledby={`${a.id}-docs`}>
          <h3 id={`${a.id}-docs`} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
            {wait || !packetIsOpen(a)
              ? _('dashboard.applications.dialog.documents')
              : a.missingDocuments.length > 0
                ? _('dashboard.applications.dialog.documentsMissing', { count: a.missingDocuments.length })
                : _('dashboard.applications.dialog.documentsComplete')}
          </h3>
          <ApplicationChecklist
            application={a}
            audience="patient"
            asking={asking}
            action={(item) =>
              // A file the fax cannot carry is uploaded again in its place (docs/product.md §17).
              (item.status !== 'RECEIVED' || item.cannotBeFaxed) &&
              asking && <UploadForItem application={a} item={item} row={focusRow(item.kind)} />
            }
          />
        </section>
      )}

      {a.shipments.length > 0 && (
        <section aria-labelledby={`${a.id}-shipments`}>
          <h3 id={`${a.id}-shipments`} className="font-semibold text-slate-900">
            {_('dashboard.applications.dialog.shipments')}
          </h3>
          <ApplicationShipments application={a} audience="patient" />
        </section>
      )}

      <section aria-labelledby={`${a.id}-timeline`}>
        <h3 id={`${a.id}-timeline`} className="font-semibold text-slate-900">
          {_('dashboard.applications.dialog.timeline')}
        </h3>
        <ApplicationTimeline application={a} audience="patient" />
      </section>
    </div>
  );
}

/**
 * A missing checklist item takes a file at once: uploaded to the documents, then attached. A file refused (too
 * large, not an allowed type, the server's limit or outage) says why beside the item until the next file, as the
 * Documents dialog's upload does, besides the toast, which goes after a few seconds.
 */
function UploadForItem({
  application,
  item,
  row,
}: {
  application: ApplicationView;
  item: ApplicationDocumentItem;
  row: object;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadForApplication();
  const [problem, setProblem] = useState<string | null>(null);
  const { _ } = useLingui();
  const refused = (title: string, message: string) => {
    setProblem(`${title}: ${message}`);
    toast.error(title, { description: message });
  };

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    setProblem(null);
    const issue = checkUpload(file, item.label);
    if (issue) return refused(issue.title, issue.message);
    upload.mutateAsync({ applicationId: application.id, kind: item.kind, file: file!, title: item.label }).then(
      () => toast.success(_('dashboard.applications.upload.done'), { description: item.label }),
      (error) =>
        refused(_('dashboard.records.upload.failed'), messageOf(error, _('dashboard.records.upload.failedBody'))),
    );
  };

  return (
    <div className="contents" {...row}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={DOCUMENT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={_('dashboard.applications.upload.file', { label: item.label })}
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      <Button
        variant="outline"
        size="sm"
        aria-label={_('dashboard.applications.upload.button', { label: item.label })}
        aria-describedby={problem ? `${id}-problem` : undefined}
        isLoading={upload.isPending}
        onClick={() => input.current?.click()}
        {...focusControl('upload')}
      >
        <Upload aria-hidden /> {_('dashboard.records.upload.submit')}
      </Button>
      {problem && (
        <div id={`${id}-problem`} className="basis-full">
          <FormAlert>{problem}</FormAlert>
        </div>
      )}
    </div>
  );
}
