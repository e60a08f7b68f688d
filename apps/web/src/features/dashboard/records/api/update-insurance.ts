import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsuranceView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import type { CoverageAnswers } from '@/lib/coverage-form';
import { dashboardKeys } from '../../dashboard-keys';

/** Saves a plan's coverage answers (PUT /insurance/{id}); the applications update live once re-screened. */
export const updateInsuranceCoverage = ({ id, ...answers }: { id: string } & CoverageAnswers) =>
  api.put<{ insurance: InsuranceView }>(`/insurance/${id}`, answers);

export function useUpdateInsuranceCoverage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInsuranceCoverage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.insurances }),
  });
}
