import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DOCUMENTS_PAGE_SIZE, type DocumentsPageAnswer } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { CACHE, ONE_RETRY } from '@/lib/query-client';
import { dashboardKeys } from '../../dashboard-keys';

export type DocumentsPage = DocumentsPageAnswer;

/** A page of documents; searched words go in a POST's body, never in an address (docs/architecture.md, Privacy). */
export const getDocuments = async (page: number, search: string): Promise<DocumentsPage> => {
  const words = search.trim();
  const answer = words
    ? await api.post<DocumentsPage>('/documents/search', { page, limit: DOCUMENTS_PAGE_SIZE, search: words })
    : await api.get<DocumentsPage>('/documents', { page, limit: DOCUMENTS_PAGE_SIZE });
  return answer.data;
};

/** 5 per page (docs/product.md), cached 5 minutes with one retry. */
export const documentsQueryOptions = (page: number, search = '') =>
  queryOptions({
    queryKey: dashboardKeys.documentsPage(page, search.trim()),
    queryFn: () => getDocuments(page, search),
    staleTime: CACHE.fiveMinutes,
    retry: ONE_RETRY,
  });

// The previous page stays on screen while the next one loads, so the list does not jump.
export const useDocuments = (page: number, search: string) =>
  useQuery({ ...documentsQueryOptions(page, search), placeholderData: keepPreviousData });
