import { useEffect, useId, useRef, useState } from 'react';
import { useAddressParams, useKeepPageInRange } from '@/lib/use-address-params';
import { Search } from 'lucide-react';
import { APPLICATION_STATES, type ApplicationCounts, type ApplicationState } from '@rxbridge/contracts';
import { stateLabel } from '@rxbridge/domain';
import { cn } from '@/lib/utils';
import { Card } from '@/components/ui/card';
import { LoadFailed } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { useWorkQueue } from '../api/get-work-queue';
import { QueueCards, QueueTable } from '../components/work-queue-rows';
import { useWorkQueueSearch, workQueueSearch } from './work-queue-search';

const isState = (v: string | null): v is ApplicationState =>
  !!v && (APPLICATION_STATES as readonly string[]).includes(v);
const SEARCH_DELAY_MS = 300;

/**
 * /navigator: every application, oldest first, by state and search; kept current by live updates. The state and the
 * page are in the address; the search words, health data, in memory only (work-queue-search.ts).
 */
export function WorkQueuePage() {
  const { params, page, update, setPage } = useAddressParams({ replace: true });
  const state = isState(params.get('state')) ? (params.get('state') as ApplicationState) : undefined;
  const search = useWorkQueueSearch();
  const queue = useWorkQueue({ state, search: search || undefined, page });
  useKeepPageInRange(page, queue, update);
  // An address from before the search left it (a bookmark, the history) loses its words at once.
  const wordsInAddress = params.has('q');
  useEffect(() => {
    if (wordsInAddress) update({ q: undefined });
  }, [wordsInAddress, update]);
  const onSearch = (q: string) => {
    workQueueSearch.set(q);
    update({ page: undefined });
  };

  const data = queue.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Work queue</h1>
          <p className="mt-1 text-sm text-slate-600">
            Applications, oldest first. Changes by other navigators appear as they happen.
          </p>
        </div>
        <SearchBox initial={search} onSearch={onSearch} />
      </div>

      <StateFilter counts={data?.counts} current={state} onChange={(s) => update({ state: s, page: undefined })} />

      {queue.isError && (
        <LoadFailed title="Failed to load the work queue" error={queue.error} fallback="An error occurred" />
      )}
      {queue.isPending && <Spinner className="flex justify-center py-16" label="Loading the work queue" />}
      {data && (
        <section aria-labelledby="queue-results" aria-busy={queue.isFetching || undefined}>
          <h2 id="queue-results" className="sr-only">
            Applications
          </h2>
          {/* The count and the empty text speak of the filter asked for: while its answer comes, the rows on screen
              are the last filter's (kept so the table does not jump), and say nothing of this one. */}
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {queue.isPlaceholderData ? (
              'Loading applications…'
            ) : (
              <>
                {data.pagination.totalCount === 1 ? '1 application' : `${data.pagination.totalCount} applications`}
                {state && ` in ${stateLabel(state)}`}
                {search && ` matching “${search}”`}
              </>
            )}
          </p>
          {data.applications.length === 0 ? (
            !queue.isPlaceholderData && (
              <Card className="py-12 text-center text-slate-600">
                No applications match. Try another state or search.
              </Card>
            )
          ) : (
            <>
              <QueueTable applications={data.applications} />
              <QueueCards applications={data.applications} />
            </>
          )}
          <Pagination
            className="mt-6"
            label="Work queue pages"
            page={data.pagination.currentPage}
            totalPages={data.pagination.totalPages}
            onPageChange={setPage}
          />
        </section>
      )}
    </div>
  );
}

function SearchBox({ initial, onSearch }: { initial: string; onSearch(q: string): void }) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const search = useRef(onSearch);
  search.current = onSearch;
  // Searches once typing pauses, not on every key.
  useEffect(() => {
    const trimmed = value.trim();
    if (trimmed === initial) return;
    const timer = window.setTimeout(() => search.current(trimmed), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [value, initial]);
  return (
    <form role="search" className="w-full sm:w-80" onSubmit={(e) => (e.preventDefault(), onSearch(value.trim()))}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        Search applications
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="Patient name, email or medication"
          className="pl-9"
        />
      </div>
    </form>
  );
}

/** One button per state with its count (zero included, so nothing jumps); All first. */
function StateFilter({
  counts,
  current,
  onChange,
}: {
  counts: ApplicationCounts | undefined;
  current: ApplicationState | undefined;
  onChange(state: ApplicationState | undefined): void;
}) {
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;
  const chip = (key: string, label: string, count: number | undefined, active: boolean, onClick: () => void) => (
    <li key={key} className="shrink-0">
      <button
        type="button"
        aria-pressed={active}
        onClick={onClick}
        className={cn(
          'inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-500',
          active ? 'bg-teal-700 text-white ring-teal-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
          !active && count === 0 && 'text-slate-500',
        )}
      >
        {label}
        <span
          className={cn(
            'rounded-full px-1.5 text-xs font-semibold tabular-nums',
            active ? 'bg-white/20' : 'bg-slate-100 text-slate-700',
          )}
        >
          {/* The name is the visible text, "Intake 3" (WCAG 2.5.3 label in name). */}
          {count ?? '…'}
        </span>
      </button>
    </li>
  );
  return (
    <nav aria-label="Filter by state">
      {/* One scrolling row on phones, wrapped lines on wider screens. */}
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        {chip('all', 'All', total, !current, () => onChange(undefined))}
        {APPLICATION_STATES.map((s) =>
          chip(s, stateLabel(s), counts?.[s], current === s, () => onChange(current === s ? undefined : s)),
        )}
      </ul>
    </nav>
  );
}
