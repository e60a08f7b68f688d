import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EligibilityFactsAnswer, EligibilityFactsRequest } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '../../dashboard-keys';

/** PUT /users/eligibility: the worker then re-screens every open application and pushes application.updated. */
export const updateEligibility = (facts: EligibilityFactsRequest) =>
  api.put<EligibilityFactsAnswer>('/users/eligibility', facts);

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
