import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { applicationsQueryOptions } from '../applications/api/get-applications';
import { insurancesQueryOptions } from '../records/api/get-insurances';
import { doctorsQueryOptions } from '../records/api/get-doctors';
import { prescriptionsQueryOptions } from '../records/api/get-prescriptions';
import { eligibilityQueryOptions } from '../eligibility/api/get-eligibility';

/**
 * What the dashboard's first screen shows: `FirstScreen` waits for these, and a stored session fetches
 * them beside its profile check (`prefetchFirstScreen`).
 */
export const firstScreenQueries = () =>
  [
    applicationsQueryOptions(),
    insurancesQueryOptions(),
    doctorsQueryOptions(),
    prescriptionsQueryOptions(),
    eligibilityQueryOptions(),
  ] as const;

/**
 * Starts the first screen's queries while the dashboard's code is still on its way, so a phone waits
 * for one round of requests instead of code, then data (docs/architecture.md §1, What loads first).
 * A failure is left for the page's own queries to retry.
 */
export function prefetchFirstScreen(queryClient: QueryClient): void {
  // Each query keeps its own types where it is read; here only its key, function and cache time matter.
  for (const query of firstScreenQueries()) void queryClient.prefetchQuery(query as FetchQueryOptions);
}
