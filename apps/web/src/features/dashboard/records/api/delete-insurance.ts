import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '../../dashboard-keys';

export const deleteInsurance = (id: string) => api.delete<unknown>(`/insurance/${id}`);

export function useDeleteInsurance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInsurance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.insurances }),
  });
}
