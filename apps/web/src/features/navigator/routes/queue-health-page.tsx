import { useState } from 'react';
import { toast } from 'sonner';
import { AlertTriangle, ExternalLink, PauseCircle } from 'lucide-react';
import type { QueueCounts, QueueJobState } from '@rxbridge/contracts';
import { messageOf } from '@/lib/api-client';
import { titleCase } from '@/lib/format';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadFailed } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useQueueHealth } from '../api/get-queue-health';
import { openQueueBoard } from '../api/open-queue-board';
import { JobsSection } from '../components/queue-jobs';

const COUNTS: { key: keyof Omit<QueueCounts, 'name' | 'paused'>; label: string }[] = [
  { key: 'waiting', label: 'Waiting' },
  { key: 'active', label: 'Active' },
  { key: 'delayed', label: 'Delayed' },
  { key: 'failed', label: 'Failed' },
  { key: 'completed', label: 'Completed' },
];

/** /navigator/queues (ADMIN): the worker's BullMQ queues, their jobs by state, and retry of failed jobs. */
export function QueueHealthPage() {
  const health = useQueueHealth();
  const [queue, setQueue] = useState<string | null>(null);
  const [state, setState] = useState<QueueJobState>('failed');
  const [page, setPage] = useState(1);
  const selected = queue ?? health.data?.[0]?.name ?? null;
  const pick = (name: string, s: QueueJobState) => {
    setQueue(name);
    setState(s);
    setPage(1);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Queue health</h1>
          <p className="mt-1 text-sm text-slate-600">
            Background jobs: emails, applications, timers and billing. Refreshed every few seconds.
          </p>
        </div>
        <BullBoardButton />
      </div>
      {health.isError && (
        <LoadFailed title="Failed to load the queues" error={health.error} fallback="An error occurred" />
      )}
      {health.isPending && <Spinner className="flex justify-center py-16" label="Loading the queues" />}
      {health.data && (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Queues">
          {health.data.map((q) => (
            <li key={q.name}>
              <QueueCard queue={q} selected={q.name === selected} onPick={(s) => pick(q.name, s)} />
            </li>
          ))}
        </ul>
      )}
      {selected && (
        <JobsSection
          queue={selected}
          queues={health.data?.map((q) => q.name) ?? [selected]}
          state={state}
          page={page}
          onQueue={(name) => pick(name, state)}
          onState={(s) => pick(selected, s)}
          onPage={setPage}
        />
      )}
    </div>
  );
}

/** Opens Bull Board in a new tab, read-only and without job data, for the next 10 minutes. */
function BullBoardButton() {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    // The tab opens on the click (popup blockers allow that), then goes to the board once the
    // session cookie is set.
    const tab = window.open('', '_blank');
    setOpening(true);
    try {
      const url = await openQueueBoard();
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      toast.error('Bull Board did not open', { description: messageOf(error, 'An error occurred') });
    } finally {
      setOpening(false);
    }
  };
  return (
    <Button variant="outline" onClick={open} disabled={opening}>
      <ExternalLink aria-hidden className="h-4 w-4" />
      Open Bull Board
    </Button>
  );
}

function QueueCard({
  queue: q,
  selected,
  onPick,
}: {
  queue: QueueCounts;
  selected: boolean;
  onPick(state: QueueJobState): void;
}) {
  return (
    <Card
      padding="p-5"
      className={selected ? 'ring-2 ring-teal-500' : undefined}
      aria-label={`${titleCase(q.name)} queue`}
      role="group"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{titleCase(q.name)}</h2>
        {q.paused ? (
          <Badge tone="warning">
            <PauseCircle aria-hidden /> Paused
          </Badge>
        ) : q.failed > 0 ? (
          <Badge tone="danger">
            <AlertTriangle aria-hidden /> {q.failed} failed
          </Badge>
        ) : (
          <Badge tone="success">Healthy</Badge>
        )}
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-x-3 gap-y-3">
        {COUNTS.map(({ key, label }) => (
          <div key={key}>
            <dt className="text-xs font-medium text-slate-500">{label}</dt>
            <dd>
              <button
                type="button"
                onClick={() => onPick(key)}
                aria-label={`${label} jobs on ${q.name}: ${q[key]}`}
                className={cn(
                  'rounded-md text-lg font-semibold tabular-nums hover:text-teal-700 hover:underline focus-visible:outline-2 focus-visible:outline-teal-500',
                  key === 'failed' && q.failed > 0 ? 'text-red-700' : 'text-slate-900',
                )}
              >
                {q[key]}
              </button>
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
