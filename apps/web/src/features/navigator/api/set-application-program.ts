import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminApplicationView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { navigatorKeys } from './keys';

export interface SetProgramInput {
  applicationId: string;
  programId: string;
}

/** PUT /admin/applications/{id}/program: the navigator overrides the match; audited, on the timeline, told live. */
export const setApplicationProgram = async ({ applicationId, programId }: SetProgramInput) =>
  api.put<{ application: AdminApplicationView }>(`/admin/applications/${encodeURIComponent(applicationId)}/program`, {
    programId,
  });

export function useSetApplicationProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setApplicationProgram,
    onSettled: () => queryClient.invalidateQueries({ queryKey: navigatorKeys.all }),
  });
}
