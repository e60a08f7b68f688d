import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DoctorView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { CACHE } from '@/lib/query-client';
import { dashboardKeys } from '../../dashboard-keys';

export const getDoctors = async (): Promise<DoctorView[]> =>
  (await api.get<{ doctors: DoctorView[] }>('/doctors')).data.doctors;

export const doctorsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.doctors, queryFn: getDoctors, staleTime: CACHE.fiveMinutes, retry: 1 });

export const useDoctors = () => useQuery(doctorsQueryOptions());
