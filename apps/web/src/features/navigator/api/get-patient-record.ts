import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPatientRecord } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { navigatorKeys } from './keys';
import { ONE_RETRY } from '@/lib/query-client';

/** The whole record; every read is written to the audit log by the server. */
export const getPatientRecord = async (patientId: string): Promise<AdminPatientRecord> =>
  (await api.get<AdminPatientRecord>(`/admin/patients/${encodeURIComponent(patientId)}`)).data;

export const patientRecordQueryOptions = (patientId: string) =>
  queryOptions({
    queryKey: navigatorKeys.patient(patientId),
    queryFn: () => getPatientRecord(patientId),
    staleTime: 30_000,
    retry: ONE_RETRY,
  });

export const usePatientRecord = (patientId: string) => useQuery(patientRecordQueryOptions(patientId));
