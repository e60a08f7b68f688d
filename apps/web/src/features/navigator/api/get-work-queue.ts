import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminApplicationsAnswer, ApplicationState } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { navigatorKeys } from './keys';

export interface WorkQueueFilter {
  state?: ApplicationState;
  search?: string;
  page: number;
}

export const WORK_QUEUE_PAGE_SIZE = 20;

/** A page of the queue; searched words go in a POST's body, never in an address (docs/architecture.md, Privacy). */
export const getWorkQueue = async (f: WorkQueueFilter, signal?: AbortSignal): Promise<AdminApplicationsAnswer> => {
  const page = { state: f.state, page: f.page, limit: WORK_QUEUE_PAGE_SIZE };
  const answer = f.search
    ? await api.post<AdminApplicationsAnswer>('/admin/applications/search', { ...page, search: f.search })
    : await api.get<AdminApplicationsAnswer>('/admin/applications', page, signal);
  return answer.data;
};

// Live updates invalidate this key, so the cache time only matters while the socket is down.
export const workQueueQueryOptions = (f: WorkQueueFilter) =>
  queryOptions({
    queryKey: navigatorKeys.workQueuePage(f),
    queryFn: ({ signal }) => getWorkQueue(f, signal),
    staleTime: 30_000,
  });

/** The page stays on screen while the next filter loads, so typing a search never blanks the list. */
export const useWorkQueue = (f: WorkQueueFilter) =>
  useQuery({ ...workQueueQueryOptions(f), placeholderData: keepPreviousData });
