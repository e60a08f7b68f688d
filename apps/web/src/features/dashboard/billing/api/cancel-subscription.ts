import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SubscriptionView } from './get-subscriptions';
import { dashboardKeys } from '../../dashboard-keys';

/** Cancelled at once: the confirmation says it cannot be undone. */
export const cancelSubscription = (id: string) =>
  api.delete<{ subscription: SubscriptionView }>(`/subscriptions/${id}`, { immediately: true });

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.billing }),
  });
}
