import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminApplicationView, ApplicationDocumentStatus } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { navigatorKeys } from './keys';

export interface DocumentStatusInput {
  applicationId: string;
  kind: string;
  status: ApplicationDocumentStatus;
  /** What the program asked, shown to the patient beside the item; left as it was when absent. */
  note?: string;
  /** The item as the navigator saw it (ABSENT: not on the list): refused (409) if it changed meanwhile. */
  fromStatus: ApplicationDocumentStatus | 'ABSENT';
}

/**
 * A navigator marks a checklist item received (e.g. the prescriber faxed the form) or missing again, or asks for one
 * the checklist lacks (marked missing).
 */
export const setDocumentStatus = async ({ applicationId, kind, status, note, fromStatus }: DocumentStatusInput) =>
  api.post<{ application: AdminApplicationView }>(
    `/admin/applications/${encodeURIComponent(applicationId)}/documents/${encodeURIComponent(kind)}`,
    { status, fromStatus, ...(note && { note }) },
  );

export function useSetDocumentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDocumentStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: navigatorKeys.all }),
  });
}
