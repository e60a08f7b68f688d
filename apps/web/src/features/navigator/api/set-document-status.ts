import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminApplicationView, ApplicationDocumentStatus } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { navigatorKeys } from './keys';

export interface DocumentStatusInput {
  applicationId: string;
  kind: string;
  status: ApplicationDocumentStatus;
}

/** A navigator marks a checklist item received (e.g. the prescriber faxed the form) or missing again. */
export const setDocumentStatus = async ({ applicationId, kind, status }: DocumentStatusInput) =>
  api.post<{ application: AdminApplicationView }>(
    `/admin/applications/${encodeURIComponent(applicationId)}/documents/${encodeURIComponent(kind)}`,
    { status },
  );

export function useSetDocumentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDocumentStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: navigatorKeys.all }),
  });
}
