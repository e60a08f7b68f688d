import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportMessageView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { navigatorKeys } from './keys';

/** A navigator marks a patient's message to support answered, once they replied by email or phone. */
export const markSupportMessageAnswered = async (id: string) =>
  api.post<{ message: SupportMessageView }>(`/admin/support-messages/${encodeURIComponent(id)}/answered`);

export function useMarkSupportMessageAnswered(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSupportMessageAnswered,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: navigatorKeys.patient(patientId) }),
        queryClient.invalidateQueries({ queryKey: navigatorKeys.supportMessages }),
      ]),
  });
}
