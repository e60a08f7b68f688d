import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsuranceView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import type { CoverageAnswers } from '@/lib/coverage-form';
import { dashboardKeys } from '../../dashboard-keys';

/** The provider and the coverage answers; the server fills in the coverage type the provider implies. */
export const addInsurance = (body: { provider: string } & CoverageAnswers) =>
  api.post<{ insurance: InsuranceView }>('/insurance', body);

export function useAddInsurance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addInsurance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.insurances }),
  });
}
