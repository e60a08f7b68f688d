import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Reads again what a pushed change made stale (docs/architecture.md §8 Real time). A first read still on its way may
 * have read before the change, and TanStack Query hands it back to a refetch asked meanwhile (a refetch joins a first
 * fetch in flight; only one over data already shown is cancelled and made anew): its answer would show the old state
 * until the next push. Such a read is cancelled first, then every matching query is read again. Not on a new
 * connection: its first read, whatever it answers, is the screen's, and a final 404 read twice would be a read wasted.
 */
export async function readAgain(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  const firstReadInFlight = (query: Query) => query.state.data === undefined && query.state.fetchStatus === 'fetching';
  await queryClient.cancelQueries({ queryKey, predicate: firstReadInFlight });
  await queryClient.invalidateQueries({ queryKey });
}
