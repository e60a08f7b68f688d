import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportMessageInput, SupportMessageView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { ONE_RETRY } from '@/lib/query-client';
import { dashboardKeys } from '../../dashboard-keys';

/** The patient's latest messages to support, newest first (docs/product.md §21). */
export const getSupportMessages = async (): Promise<SupportMessageView[]> =>
  (await api.get<{ messages: SupportMessageView[] }>('/support/messages')).data.messages;

// Read each time the dialog opens: a navigator may have marked a message answered meanwhile.
export const supportMessagesQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.supportMessages, queryFn: getSupportMessages, retry: ONE_RETRY });

export const useSupportMessages = () => useQuery(supportMessagesQueryOptions());

export const sendSupportMessage = (input: SupportMessageInput) =>
  api.post<{ message: SupportMessageView }>('/support/messages', input);

export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSupportMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.supportMessages }),
  });
}
