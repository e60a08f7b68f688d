import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditAnswer } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { navigatorKeys } from './keys';

export interface AuditLogFilter {
  staffId?: string;
  patientId?: string;
  page: number;
}

export const getAuditLog = async ({ staffId, patientId, page }: AuditLogFilter): Promise<AuditAnswer> =>
  (
    await api.get<AuditAnswer>('/admin/audit', {
      ...(staffId ? { staffId } : {}),
      ...(patientId ? { patientId } : {}),
      page,
    })
  ).data;

export const auditLogQueryOptions = (f: AuditLogFilter) =>
  queryOptions({
    queryKey: navigatorKeys.auditPage(f),
    queryFn: () => getAuditLog(f),
    // A 400 (an id that is not an id) will not turn into a 200 by asking again.
    retry: false,
  });

export const useAuditLog = (f: AuditLogFilter) =>
  useQuery({ ...auditLogQueryOptions(f), placeholderData: keepPreviousData });
