import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { CACHE, ONE_RETRY } from '@/lib/query-client';
import { dashboardKeys } from '../../dashboard-keys';

export const getApplications = async (): Promise<ApplicationView[]> =>
  (await api.get<{ applications: ApplicationView[] }>('/applications')).data.applications;

// Live updates keep this fresh (application.updated); the cache time only matters without them.
export const applicationsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.applications,
    queryFn: getApplications,
    staleTime: CACHE.fiveMinutes,
    retry: ONE_RETRY,
  });

export const useApplications = () => useQuery(applicationsQueryOptions());
