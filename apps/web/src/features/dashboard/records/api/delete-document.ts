import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '../../dashboard-keys';

export const deleteDocument = (id: string) => api.delete<unknown>(`/documents/${id}`);

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.documents }),
  });
}
