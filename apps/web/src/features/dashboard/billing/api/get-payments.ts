import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsPageAnswer } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { CACHE, ONE_RETRY } from '@/lib/query-client';
import { dashboardKeys } from '../../dashboard-keys';

export type PaymentsPage = PaymentsPageAnswer;

export const PAYMENTS_PAGE_SIZE = 10;

export const getPayments = async (page: number): Promise<PaymentsPage> =>
  (await api.get<PaymentsPage>('/subscriptions/payments', { page, limit: PAYMENTS_PAGE_SIZE })).data;

/** 10 per page; payments are cached 2 minutes (docs/product.md). */
export const paymentsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: dashboardKeys.paymentsPage(page),
    queryFn: () => getPayments(page),
    staleTime: CACHE.twoMinutes,
    retry: ONE_RETRY,
  });

export const usePayments = (page: number) =>
  useQuery({ ...paymentsQueryOptions(page), placeholderData: keepPreviousData });
