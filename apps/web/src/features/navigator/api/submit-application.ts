import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProgramAnswer, SubmissionRequest, SubmissionView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { navigatorKeys } from './keys';

/** POST /admin/applications/{id}/submissions: fax the packet or record a portal submission (docs/product.md §17). */
export const submitApplication = ({ applicationId, ...body }: SubmissionRequest & { applicationId: string }) =>
  api.post<{ submission: SubmissionView }>(
    `/admin/applications/${encodeURIComponent(applicationId)}/submissions`,
    body,
  );

/** A failed fax, sent again. */
export const retrySubmission = ({ applicationId, submissionId }: { applicationId: string; submissionId: string }) =>
  api.post<{ submission: SubmissionView }>(
    `/admin/applications/${encodeURIComponent(applicationId)}/submissions/${encodeURIComponent(submissionId)}/retry`,
  );

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    onSettled: () => queryClient.invalidateQueries({ queryKey: navigatorKeys.all }),
  });
}

export function useRetrySubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retrySubmission,
    onSettled: () => queryClient.invalidateQueries({ queryKey: navigatorKeys.all }),
  });
}

/** What the program requires (GET /programs/{id}): reviewed catalogue data, fetched once per program. */
export const useProgramRequirements = (programId: string | null) =>
  useQuery({
    queryKey: [...navigatorKeys.all, 'program', programId] as const,
    queryFn: async () => (await api.get<ProgramAnswer>(`/programs/${encodeURIComponent(programId!)}`)).data.program,
    enabled: programId !== null,
    staleTime: Infinity,
  });
