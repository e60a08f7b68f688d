import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { verifyEmailKeys } from './keys';

/** A status only: the API never returns profile fields to a verification link (docs/product.md §7.4). */
export interface VerifyEmailResult {
  status?: 'verified' | 'already-verified';
  alreadyVerified?: boolean;
}

export const verifyEmail = (token: string) => api.post<VerifyEmailResult>('/auth/verify-email', { token });

// A query, not a mutation: the page verifies once per token on load, and a remount must not
// send the single-use token a second time.
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: verifyEmailKeys.token(token),
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
