import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsuranceView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '../../dashboard-keys';

export { insuranceAddFormSchema } from '@rxbridge/contracts';

/** Only the provider is entered; the server fills in the coverage type it implies. */
export const addInsurance = (provider: string) => api.post<{ insurance: InsuranceView }>('/insurance', { provider });

export function useAddInsurance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addInsurance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.insurances }),
  });
}
