import type { ReactNode } from 'react';
import { useQueries } from '@tanstack/react-query';
import { firstScreenQueries } from './first-screen-queries';

/**
 * Holds the cards back until every query they show has answered (or failed), with a skeleton in their
 * place: shown one by one, the coverage prompt and the applications would push the cards down as
 * each answer arrives (docs/architecture.md §1, What loads first). The queries run in parallel.
 */
export function FirstScreen({ children }: { children: ReactNode }) {
  const queries = useQueries({ queries: firstScreenQueries() });
  if (queries.some((q) => q.isPending)) return <FirstScreenSkeleton />;
  return <>{children}</>;
}

const block = 'animate-pulse rounded-2xl bg-slate-100';

/** The cards' outline while they load: a summary row, four record cards, three more. */
function FirstScreenSkeleton() {
  return (
    <div aria-hidden data-testid="dashboard-skeleton">
      <div className={`mt-8 h-52 ${block}`} />
      <div className="mt-8 grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className={`h-52 ${block}`} />
        ))}
      </div>
    </div>
  );
}
