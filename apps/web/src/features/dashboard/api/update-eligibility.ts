import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PatientEligibility } from '@/lib/programs/types';
import { dashboardKeys } from './keys';

/** PUT /users/eligibility: the worker then re-screens every open application and pushes application.updated. */
export const updateEligibility = (facts: PatientEligibility) =>
  api.put<{ eligibility: PatientEligibility }>('/users/eligibility', facts);

export function useUpdateEligibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEligibility,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(dashboardKeys.eligibility, data.eligibility);
      // The re-screened verdicts arrive live (application.updated); this refetch covers a tab without a socket.
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.applications });
    },
  });
}
