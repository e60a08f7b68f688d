import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionView } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { CACHE } from '@/lib/query-client';

export type { SubscriptionView };

/** Every billing query lives under this key: a socket event or a change refetches them together. */
export const SUBSCRIPTIONS_KEY = ['subscriptions'] as const;

export const getActiveSubscriptions = async (): Promise<SubscriptionView[]> =>
  (await api.get<{ subscriptions: SubscriptionView[] }>('/subscriptions/active')).data.subscriptions;

export const activeSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...SUBSCRIPTIONS_KEY, 'active'],
    queryFn: getActiveSubscriptions,
    staleTime: CACHE.fiveMinutes,
    retry: 1,
  });

export const useActiveSubscriptions = () => useQuery(activeSubscriptionsQueryOptions());
