import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminApplicationView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { navigatorKeys } from './keys';

export interface SetProgramInput {
  applicationId: string;
  programId: string;
  /** The program the navigator saw set (null: none): refused (409) if a colleague set another since. */
  fromProgramId: string | null;
}

/** PUT /admin/applications/{id}/program: the navigator overrides the match; audited, on the timeline, told live. */
export const setApplicationProgram = async ({ applicationId, programId, fromProgramId }: SetProgramInput) =>
  api.put<{ application: AdminApplicationView }>(`/admin/applications/${encodeURIComponent(applicationId)}/program`, {
    programId,
    fromProgramId,
  });

export function useSetApplicationProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setApplicationProgram,
    onSettled: () => queryClient.invalidateQueries({ queryKey: navigatorKeys.all }),
  });
}
