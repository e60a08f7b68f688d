import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanTier } from '@rxbridge/contracts';
import type { CostQuote } from '@rxbridge/domain';
import { api } from '@/lib/api-client';
import { CACHE, ONE_RETRY } from '@/lib/query-client';
import { dashboardKeys } from '../../dashboard-keys';

export const getCostQuote = async (prescriptionCount: number, tier?: PlanTier): Promise<CostQuote> =>
  (await api.get<CostQuote>('/subscriptions/calculate-cost', { prescriptionCount, tier })).data;

export const costQuoteQueryOptions = (prescriptionCount: number, tier?: PlanTier) =>
  queryOptions({
    queryKey: dashboardKeys.costQuote(prescriptionCount, tier),
    queryFn: () => getCostQuote(prescriptionCount, tier),
    staleTime: CACHE.fiveMinutes,
    retry: ONE_RETRY,
  });

export const useCostQuote = (prescriptionCount: number, tier?: PlanTier) =>
  useQuery(costQuoteQueryOptions(prescriptionCount, tier));
