import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Reads again what a pushed change (or a new connection) may have made stale (docs/architecture.md §8 Real time). A
 * first read still on its way may have read before the change, and TanStack Query hands it back to a refetch asked
 * meanwhile (a refetch joins a first fetch in flight; only one over data already shown is cancelled and made anew):
 * its answer would show the old state until the next push. Such a read is cancelled first, then every matching query
 * is read again. `keep` leaves some queries alone (a final 4xx read again would only answer it again).
 */
export async function readAgain(
  queryClient: QueryClient,
  queryKey: QueryKey,
  keep: (query: Query) => boolean = () => true,
): Promise<void> {
  const firstReadInFlight = (query: Query) => query.state.data === undefined && query.state.fetchStatus === 'fetching';
  await queryClient.cancelQueries({ queryKey, predicate: firstReadInFlight });
  await queryClient.invalidateQueries({ queryKey, predicate: keep });
}
