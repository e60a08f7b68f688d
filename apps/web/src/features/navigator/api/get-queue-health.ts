import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueCounts } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { navigatorKeys } from './keys';

/** Queues change without telling anyone: the page polls while it is open. */
export const QUEUE_HEALTH_REFRESH_MS = 5_000;

export const getQueueHealth = async (): Promise<QueueCounts[]> =>
  (await api.get<{ queues: QueueCounts[] }>('/admin/queues')).data.queues;

export const queueHealthQueryOptions = () =>
  queryOptions({
    queryKey: navigatorKeys.queueHealth,
    queryFn: getQueueHealth,
    refetchInterval: QUEUE_HEALTH_REFRESH_MS,
  });

export const useQueueHealth = () => useQuery(queueHealthQueryOptions());
