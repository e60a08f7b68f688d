import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { verifyEmailKeys } from './keys';

/** A status, plus the minimal user on a first verification: no profile fields (docs/product.md §7.4). */
export interface VerifyEmailResult {
  status?: 'verified' | 'already-verified';
  alreadyVerified?: boolean;
  user?: { id: string; email: string; emailVerified: true };
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
