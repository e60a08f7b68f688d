import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubmissionRequest, SubmissionView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { programsQueryOptions } from '@/lib/programs/api/get-programs';
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

/**
 * What the program requires: its entry of the catalogue, fetched once (GET /programs) and shared with every screen
 * that lists programs. Never asked for by the program's id, whose address in access logs would name the patient's
 * medication beside their record's (docs/architecture.md §13).
 */
export const useProgramRequirements = (programId: string | null) =>
  useQuery({
    ...programsQueryOptions(),
    enabled: programId !== null,
    select: (programs) => programs.find((p) => p.id === programId) ?? null,
  });
