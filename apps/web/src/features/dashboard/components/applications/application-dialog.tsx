import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { CalendarDays, CheckCircle2, CircleDashed, Package, Upload } from 'lucide-react';
import { DOCUMENT_ACCEPT, type ApplicationDocumentItem, type ApplicationView } from '@rxbridge/contracts';
import { messageOf } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useApplications } from '../../api/get-applications';
import { useUploadForApplication } from '../../api/attach-application-document';
import { checkUpload } from '../../api/upload-document';
import { useDashboardDialogs, useDialogProps } from '../../dashboard-dialogs';
import { LoadError } from '../load-error';
import { ApplicationStateBadge } from '@/components/application-state-badge';

export function ApplicationDialog() {
  const dialog = useDialogProps('application');
  const { applicationId } = useDashboardDialogs();
  const applications = useApplications();
  const application = applications.data?.find((a) => a.id === applicationId);
  return (
    <Dialog
      {...dialog}
      title={application ? `${application.medication} application` : 'Application'}
      description="Your Patient Assistance Program application, step by step."
      className="max-w-2xl"
    >
      {applications.isPending && <Spinner className="flex justify-center py-8" label="Loading application" />}
      {applications.isError && (
        <LoadError
          title="Failed to load applications"
          error={applications.error}
          onRetry={() => applications.refetch()}
        />
      )}
      {applications.data && !application && (
        <p className="text-sm text-slate-600">This application is no longer available.</p>
      )}
      {application && <ApplicationDetails application={application} />}
    </Dialog>
  );
}

function ApplicationDetails({ application: a }: { application: ApplicationView }) {
  const timeline = [...a.timeline].sort((x, y) => y.at.localeCompare(x.at));
  return (
    <div className="space-y-6">
      <section aria-label="Current status" className="rounded-xl bg-teal-50/60 p-4 ring-1 ring-inset ring-teal-600/15">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-slate-700">Status</span>
          <ApplicationStateBadge state={a.state} label={a.stateLabel} />
        </div>
        <p className="mt-2 text-sm text-slate-800">
          <span className="font-semibold">Next step: </span>
          {a.nextStep}
        </p>
        {(a.enrollmentStartDate || a.enrollmentEndDate) && (
          <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
            <CalendarDays className="size-4" aria-hidden /> Enrolled {formatDate(a.enrollmentStartDate)} –{' '}
            {formatDate(a.enrollmentEndDate)}
          </p>
        )}
      </section>

      {a.documents.length > 0 && (
        <section aria-labelledby={`${a.id}-docs`}>
          <h3 id={`${a.id}-docs`} className="font-semibold text-slate-900">
            Documents {a.missingDocuments.length > 0 ? `(${a.missingDocuments.length} still missing)` : '(complete)'}
          </h3>
          <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {a.documents.map((d) => (
              <ChecklistItem key={d.kind} application={a} item={d} />
            ))}
          </ul>
        </section>
      )}

      {a.shipments.length > 0 && (
        <section aria-labelledby={`${a.id}-shipments`}>
          <h3 id={`${a.id}-shipments`} className="font-semibold text-slate-900">
            Shipments
          </h3>
          <ul className="mt-2 space-y-2">
            {a.shipments.map((s) => (
              <li key={s.id} className="flex items-start gap-2 text-sm text-slate-700">
                <Package className="mt-0.5 size-4 shrink-0 text-teal-600" aria-hidden />
                <span>
                  {formatDate(s.shipmentDate)}: {s.daysOfSupply}-day supply · refill arranged from{' '}
                  {formatDate(s.refillDueAt)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby={`${a.id}-timeline`}>
        <h3 id={`${a.id}-timeline`} className="font-semibold text-slate-900">
          Timeline
        </h3>
        <ol className="mt-3 space-y-4 border-l-2 border-slate-200 pl-5">
          {timeline.map((t, i) => (
            <li key={t.id} className="relative">
              <span
                className={`absolute -left-[27px] top-1 size-3 rounded-full ring-4 ring-white ${i === 0 ? 'bg-teal-600' : 'bg-slate-300'}`}
                aria-hidden
              />
              <p className="text-sm font-semibold text-slate-900">{t.stateLabel}</p>
              {t.note && <p className="text-sm text-slate-700">{t.note}</p>}
              <p className="text-xs text-slate-500">
                {formatDateTime(t.at)} ·{' '}
                {t.actorRole === 'SYSTEM'
                  ? 'RxBridge'
                  : t.actorName
                    ? `Care navigator ${t.actorName}`
                    : 'Care navigator'}
              </p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** A checklist item; a missing one takes a file at once (uploaded to the documents, then attached). */
function ChecklistItem({ application, item }: { application: ApplicationView; item: ApplicationDocumentItem }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadForApplication();
  const received = item.status === 'RECEIVED';
  const closed = application.nextStates.length === 0;

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    const issue = checkUpload(file, item.label);
    if (issue) {
      toast.error(issue.title, { description: issue.message });
      return;
    }
    upload.mutateAsync({ applicationId: application.id, kind: item.kind, file: file!, title: item.label }).then(
      () => toast.success('Document added to your application', { description: item.label }),
      (error) => toast.error('Upload failed', { description: messageOf(error, 'Failed to upload document') }),
    );
  };

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3 sm:p-4">
      <div className="flex items-center gap-2">
        {received ? (
          <CheckCircle2 className="size-5 text-emerald-600" aria-hidden />
        ) : (
          <CircleDashed className="size-5 text-amber-600" aria-hidden />
        )}
        <div>
          <p className="text-sm font-medium text-slate-900">{item.label}</p>
          <p className="text-xs text-slate-500">{received ? `Received ${formatDate(item.receivedAt)}` : 'Missing'}</p>
        </div>
      </div>
      {!received && !closed && (
        <>
          <input
            ref={input}
            id={id}
            type="file"
            accept={DOCUMENT_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={`File for ${item.label}`}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          <Button
            variant="outline"
            size="sm"
            aria-label={`Upload ${item.label}`}
            isLoading={upload.isPending}
            onClick={() => input.current?.click()}
          >
            <Upload aria-hidden /> Upload
          </Button>
        </>
      )}
    </li>
  );
}
