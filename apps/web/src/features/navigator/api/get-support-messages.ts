import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSupportMessagesAnswer } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { navigatorKeys } from './keys';

/** The patients' messages to support awaiting a reply, the longest wait first (docs/product.md §21). */
export const getSupportMessages = async (page: number): Promise<AdminSupportMessagesAnswer> =>
  (await api.get<AdminSupportMessagesAnswer>('/admin/support-messages', { page })).data;

export const supportMessagesQueryOptions = (page: number) =>
  queryOptions({ queryKey: navigatorKeys.supportMessagesPage(page), queryFn: () => getSupportMessages(page) });

export const useSupportMessages = (page: number) =>
  useQuery({ ...supportMessagesQueryOptions(page), placeholderData: keepPreviousData });
