import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueJobState, QueueJobsAnswer } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { QUEUE_HEALTH_REFRESH_MS } from './get-queue-health';
import { navigatorKeys } from './keys';

export interface QueueJobsFilter {
  queue: string;
  state: QueueJobState;
  page: number;
}

export const getQueueJobs = async ({ queue, state, page }: QueueJobsFilter): Promise<QueueJobsAnswer> =>
  (await api.get<QueueJobsAnswer>(`/admin/queues/${encodeURIComponent(queue)}/jobs`, { state, page })).data;

export const queueJobsQueryOptions = (f: QueueJobsFilter) =>
  queryOptions({
    queryKey: navigatorKeys.queueJobs(f),
    queryFn: () => getQueueJobs(f),
    refetchInterval: QUEUE_HEALTH_REFRESH_MS,
  });

export const useQueueJobs = (f: QueueJobsFilter) =>
  useQuery({ ...queueJobsQueryOptions(f), placeholderData: keepPreviousData });
