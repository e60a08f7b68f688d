import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InsightsAnswer } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';
import { navigatorKeys } from './keys';

export const getInsights = async (): Promise<InsightsAnswer> => (await api.get<InsightsAnswer>('/admin/insights')).data;

export const insightsQueryOptions = () => queryOptions({ queryKey: navigatorKeys.insights, queryFn: getInsights });

export const useInsights = () => useQuery(insightsQueryOptions());
