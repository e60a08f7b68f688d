import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { insurancesQueryOptions } from './get-insurances';

export const deleteInsurance = (id: string) => api.delete<unknown>(`/insurance/${id}`);

export function useDeleteInsurance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInsurance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insurancesQueryOptions().queryKey }),
  });
}
