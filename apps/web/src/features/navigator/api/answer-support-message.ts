import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportMessageView, SupportReplyPayload } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { navigatorKeys } from './keys';

const path = (id: string, what: 'answered' | 'reply') => `/admin/support-messages/${encodeURIComponent(id)}/${what}`;

/** A navigator marks a patient's message to support answered, once they replied by email or phone. */
export const markSupportMessageAnswered = async (id: string) =>
  api.post<{ message: SupportMessageView }>(path(id, 'answered'));

/** A navigator answers a patient's message in the console: the patient reads it on the dashboard and by email. */
export const replyToSupportMessage = async ({ id, reply }: SupportReplyPayload & { id: string }) =>
  api.post<{ message: SupportMessageView }>(path(id, 'reply'), { reply });

/** Either answer changes the patient's record and the console's list of messages awaiting a reply. */
function useAnswer<V>(patientId: string, answer: (v: V) => ReturnType<typeof markSupportMessageAnswered>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answer,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: navigatorKeys.patient(patientId) }),
        queryClient.invalidateQueries({ queryKey: navigatorKeys.supportMessages }),
      ]),
  });
}

export const useMarkSupportMessageAnswered = (patientId: string) => useAnswer(patientId, markSupportMessageAnswered);
export const useReplyToSupportMessage = (patientId: string) => useAnswer(patientId, replyToSupportMessage);
