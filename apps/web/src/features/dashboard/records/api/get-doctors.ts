import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DoctorView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { CACHE, ONE_RETRY } from '@/lib/query-client';
import { dashboardKeys } from '../../dashboard-keys';

export const getDoctors = async (): Promise<DoctorView[]> =>
  (await api.get<{ doctors: DoctorView[] }>('/doctors')).data.doctors;

export const doctorsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.doctors,
    queryFn: getDoctors,
    staleTime: CACHE.fiveMinutes,
    retry: ONE_RETRY,
  });

export const useDoctors = () => useQuery(doctorsQueryOptions());
