import { useCallback, useId, useRef } from 'react';
import { toast } from 'sonner';
import { RotateCw } from 'lucide-react';
import { QUEUE_JOB_STATES, type QueueJobState, type QueueJobView } from '@rxbridge/contracts';
import { messageOf } from '@/lib/api-client';
import { formatDateTime, titleCase } from '@/lib/format';
import { useKeepPageInRange, type AddressChanges } from '@/lib/use-address-params';
import { focusControl, useFocusAfterRemoval } from '@/lib/use-focus-after-removal';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Label, Select } from '@/components/ui/input';
import { PagedList } from '@/components/ui/paged-list';
import { useQueueJobs } from '../api/get-queue-jobs';
import { useRetryJob } from '../api/retry-job';

/** The Queue health page's jobs of one queue in one state, a page at a time, with a retry of each failed one. */
export function JobsSection({
  queue,
  queues,
  state,
  page,
  onQueue,
  onState,
  onPage,
}: {
  queue: string;
  queues: string[];
  state: QueueJobState;
  page: number;
  onQueue(name: string): void;
  onState(state: QueueJobState): void;
  onPage(page: number): void;
}) {
  const queueId = useId();
  const stateId = useId();
  const jobs = useQueueJobs({ queue, state, page });
  // The last job of the last page retried, the page goes back to the new last one (the page is not in the address).
  const keepPage = useCallback((changes: AddressChanges) => onPage(Number(changes.page ?? 1)), [onPage]);
  useKeepPageInRange(page, jobs, keepPage);
  const heading = useRef<HTMLHeadingElement>(null);
  // A retried job leaves the failed list with its Retry: the focus goes to the next row's, else the heading.
  const focusRow = useFocusAfterRemoval(() => heading.current);
  const retry = useRetryJob();
  const onRetry = (job: QueueJobView) => {
    retry.mutate(
      { queue, jobId: job.id },
      {
        onSuccess: ({ message }) =>
          toast.success(message ?? 'Job queued for another attempt', { description: `${job.name} (${job.id})` }),
        onError: (error) =>
          toast.error('Retry failed', { description: messageOf(error, 'The job could not be retried.') }),
      },
    );
  };

  return (
    <Card padding="p-5 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
          id="jobs-heading"
        >
          {titleCase(state)} jobs on {titleCase(queue)}
        </h2>
        <div className="grid w-full grid-cols-2 gap-3 sm:flex sm:w-auto">
          <div>
            <Label htmlFor={queueId}>Queue</Label>
            <Select id={queueId} value={queue} onChange={(e) => onQueue(e.target.value)} className="sm:w-40">
              {queues.map((q) => (
                <option key={q} value={q}>
                  {titleCase(q)}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={stateId}>State</Label>
            <Select
              id={stateId}
              value={state}
              onChange={(e) => onState(e.target.value as QueueJobState)}
              className="sm:w-40"
            >
              {QUEUE_JOB_STATES.map((s) => (
                <option key={s} value={s}>
                  {titleCase(s)}
                </option>
              ))}
            </Select>
          </div>
        </div>
      </div>
      <PagedList
        query={jobs}
        rows={(data) => data.jobs}
        page={page}
        onPageChange={onPage}
        pagesLabel="Job pages"
        loadingLabel="Loading jobs"
        failure={(error) => <FormAlert>{messageOf(error, 'Failed to load the jobs')}</FormAlert>}
        empty={`No ${state} jobs on this queue.`}
      >
        {(data) => (
          <ul
            className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200"
            aria-labelledby="jobs-heading"
          >
            {data.jobs.map((job) => (
              <li
                key={job.id}
                className="flex flex-wrap items-start justify-between gap-3 p-4"
                data-job-id={job.id}
                {...focusRow(job.id)}
              >
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-semibold text-slate-900">{job.name}</p>
                  <p className="break-all font-mono text-xs text-slate-500">{job.id}</p>
                  {job.failedReason &&
                    (state === 'failed' ? (
                      <p className="mt-1 break-words text-red-700">{job.failedReason}</p>
                    ) : (
                      <p className="mt-1 break-words text-slate-600">Last error: {job.failedReason}</p>
                    ))}
                  <p className="mt-1 text-xs text-slate-500">
                    {job.attemptsMade === 1 ? '1 attempt' : `${job.attemptsMade} attempts`} · added{' '}
                    {formatDateTime(job.createdAt)}
                    {job.finishedAt && ` · finished ${formatDateTime(job.finishedAt)}`}
                  </p>
                </div>
                {state === 'failed' && (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => onRetry(job)}
                    isLoading={retry.isPending && retry.variables?.jobId === job.id}
                    aria-label={`Retry ${job.name} job ${job.id}`}
                    {...focusControl('retry')}
                  >
                    <RotateCw aria-hidden /> Retry
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </Card>
  );
}
