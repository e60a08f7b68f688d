import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SocketSubscriptionUpdated } from '@rxbridge/contracts';
import { SOCKET_EVENTS } from '@rxbridge/contracts';
import type { SubscriptionView } from './get-subscriptions';
import { dashboardKeys } from '../../dashboard-keys';
import { useLiveEvent } from '@/lib/live/live-connection';
import { readAgain } from '@/lib/live/read-again';

/**
 * subscription.updated: the card shows the new status and amount at once, then the whole billing
 * state (breakdown, period, card) is fetched again, since the event is only a signal.
 */
export function useSubscriptionUpdated() {
  const queryClient = useQueryClient();
  const onUpdate = useCallback(
    (e: SocketSubscriptionUpdated) => {
      queryClient.setQueryData<SubscriptionView[]>(dashboardKeys.activeSubscriptions, (subs) =>
        subs?.map((s) =>
          s.id === e.subscriptionId
            ? { ...s, status: e.status, totalAmount: e.totalAmount, prescriptionCount: e.prescriptionCount }
            : s,
        ),
      );
      void readAgain(queryClient, dashboardKeys.billing);
    },
    [queryClient],
  );
  useLiveEvent(SOCKET_EVENTS.subscriptionUpdated, onUpdate);
}
