import type { PublicUser } from '@rxbridge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CACHE, ONE_RETRY } from '@/lib/query-client';
import { authKeys } from './keys';

export const getProfile = async (): Promise<PublicUser | null> => {
  const { data } = await api.get<{ user?: PublicUser }>('/users/profile');
  return data?.user ?? null;
};

/** docs/product.md: the profile is cached 5 minutes with one retry. */
export const profileQueryOptions = () =>
  queryOptions({ queryKey: authKeys.profile, queryFn: getProfile, staleTime: CACHE.fiveMinutes, retry: ONE_RETRY });

export const useProfile = (enabled = true) => useQuery({ ...profileQueryOptions(), enabled });
