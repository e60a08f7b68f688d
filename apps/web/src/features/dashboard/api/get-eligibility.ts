import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CACHE } from '@/lib/query-client';
import type { PatientEligibility } from '@/lib/programs/types';
import { dashboardKeys } from './keys';

/** The patient's household facts for screening; null until they are given. */
export const getEligibility = async (): Promise<PatientEligibility | null> =>
  (await api.get<{ eligibility: PatientEligibility | null }>('/users/eligibility')).data.eligibility ?? null;

export const eligibilityQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.eligibility,
    queryFn: getEligibility,
    staleTime: CACHE.fiveMinutes,
    retry: 1,
  });

export const useEligibility = () => useQuery(eligibilityQueryOptions());
