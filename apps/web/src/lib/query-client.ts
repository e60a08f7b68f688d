import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** docs/product.md: cache times per query; profile-like data 5 minutes, payments 2 minutes. */
export const CACHE = {
  fiveMinutes: 5 * 60 * 1000,
  twoMinutes: 2 * 60 * 1000,
} as const;

/** Exponential backoff from 1 s, capped at 30 s. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** A 4xx answer will not change by asking again (except 408 and 429). */
export const isFinalAnswer = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);

/** A failed read is asked again up to `times` times, a final 4xx never (docs/product.md §13). */
export const retryUpTo = (times: number) => (failures: number, error: Error) =>
  !isFinalAnswer(error) && failures < times;

/** The cached records' rule: one retry. */
export const ONE_RETRY = retryUpTo(1);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryUpTo(3),
        retryDelay,
        refetchOnWindowFocus: false,
      },
      // A save is sent even when the browser believes it is offline: the person then gets the
      // failure message and can try again, rather than a button that spins until the network returns.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
