import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InsuranceView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { CACHE, ONE_RETRY } from '@/lib/query-client';
import { dashboardKeys } from '../../dashboard-keys';

export const getInsurances = async (): Promise<InsuranceView[]> =>
  (await api.get<{ insurances: InsuranceView[] }>('/insurance')).data.insurances;

export const insurancesQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.insurances,
    queryFn: getInsurances,
    staleTime: CACHE.fiveMinutes,
    retry: ONE_RETRY,
  });

export const useInsurances = () => useQuery(insurancesQueryOptions());
