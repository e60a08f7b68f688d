import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { CACHE, ONE_RETRY } from '@/lib/query-client';
import { dashboardKeys } from '../../dashboard-keys';

export type { SubscriptionView };

export const getActiveSubscriptions = async (): Promise<SubscriptionView[]> =>
  (await api.get<{ subscriptions: SubscriptionView[] }>('/subscriptions/active')).data.subscriptions;

export const activeSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.activeSubscriptions,
    queryFn: getActiveSubscriptions,
    staleTime: CACHE.fiveMinutes,
    retry: ONE_RETRY,
  });

export const useActiveSubscriptions = () => useQuery(activeSubscriptionsQueryOptions());
