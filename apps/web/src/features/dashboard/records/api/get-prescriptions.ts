import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrescriptionView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { CACHE, ONE_RETRY } from '@/lib/query-client';
import { dashboardKeys } from '../../dashboard-keys';

export const getPrescriptions = async (): Promise<PrescriptionView[]> =>
  (await api.get<{ prescriptions: PrescriptionView[] }>('/prescriptions')).data.prescriptions;

export const prescriptionsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.prescriptions,
    queryFn: getPrescriptions,
    staleTime: CACHE.fiveMinutes,
    retry: ONE_RETRY,
  });

export const usePrescriptions = () => useQuery(prescriptionsQueryOptions());
