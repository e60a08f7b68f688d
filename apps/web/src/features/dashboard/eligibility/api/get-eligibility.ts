import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EligibilityFacts, EligibilityFactsAnswer } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { CACHE, ONE_RETRY } from '@/lib/query-client';
import { dashboardKeys } from '../../dashboard-keys';

/** The patient's household facts for screening (null fields until first saved). */
export const getEligibility = async (): Promise<EligibilityFacts> =>
  (await api.get<EligibilityFactsAnswer>('/users/eligibility')).data.eligibility;

export const eligibilityQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.eligibility,
    queryFn: getEligibility,
    staleTime: CACHE.fiveMinutes,
    retry: ONE_RETRY,
  });

export const useEligibility = () => useQuery(eligibilityQueryOptions());
