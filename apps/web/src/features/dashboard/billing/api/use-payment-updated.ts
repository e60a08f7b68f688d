import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SocketPaymentUpdated } from '@rxbridge/contracts';
import { SOCKET_EVENTS } from '@rxbridge/contracts';
import type { PaymentsPage } from './get-payments';
import { dashboardKeys } from '../../dashboard-keys';
import { useLiveEvent } from '@/lib/live/live-connection';
import { readAgain } from '@/lib/live/read-again';

/** payment.updated: a known payment changes status in place; a new one appears after the refetch. */
export function usePaymentUpdated() {
  const queryClient = useQueryClient();
  const onUpdate = useCallback(
    (e: SocketPaymentUpdated) => {
      queryClient.setQueriesData<PaymentsPage>(
        { queryKey: dashboardKeys.payments },
        (page) =>
          page && {
            ...page,
            payments: page.payments.map((p) =>
              p.id === e.paymentId ? { ...p, status: e.status, amount: e.amount } : p,
            ),
          },
      );
      // A charge also moves the subscription (ACTIVE or PAST_DUE): every billing query refetches.
      void readAgain(queryClient, dashboardKeys.billing);
    },
    [queryClient],
  );
  useLiveEvent(SOCKET_EVENTS.paymentUpdated, onUpdate);
}
