import { ApiError } from '@/lib/api-client';
import { isFinalAnswer } from '@/lib/query-client';
import { tokenStorage } from '@/lib/token-storage';
import { refreshToken as refreshRequest } from './api/refresh-token';

// The access token's renewal (docs/architecture.md §9): when it is due, and the one request that renews it.

/** Renew the access token this long before it expires. */
export const REFRESH_MARGIN_MS = 60_000;

/** Whether the stored access token is too close to its expiry to be sent before it is renewed. */
export function storedTokenExpiring(): boolean {
  const expiresAt = tokenStorage.getExpiresAt();
  return expiresAt !== null && expiresAt - Date.now() < REFRESH_MARGIN_MS;
}

/**
 * A stored session that the app may read with at once, while its profile is being checked: its access
 * token is not about to expire. A token the server refuses signs out, as the profile check would.
 */
export const storedSessionUsable = () => tokenStorage.hasToken() && !storedTokenExpiring();

const REFRESH_LOCK = 'rxbridge-refresh';

export type RenewOutcome = 'renewed' | 'rejected' | 'idle' | 'unreachable';

/**
 * renewed; rejected: the server refused the session (idle: because it sat idle); unreachable: try
 * again later. The refresh token is the HttpOnly cookie the browser sends. One tab refreshes at a
 * time (a Web Lock): a tab that waited finds the access token another tab just got in storage and
 * uses it, so two tabs rarely present one token (docs/architecture.md §9).
 */
export async function renewSession(): Promise<RenewOutcome> {
  const seen = tokenStorage.getToken();
  if (!seen) return 'rejected';
  const run = async (): Promise<RenewOutcome> => {
    const stored = tokenStorage.getToken();
    if (!stored) return 'rejected';
    if (stored !== seen) return 'renewed';
    try {
      const { data } = await refreshRequest();
      tokenStorage.save(data);
      return 'renewed';
    } catch (error) {
      if (error instanceof ApiError && error.code === 'session-idle') return 'idle';
      // 408 and 429 (many people behind one address) say to ask again later, as a 5xx does.
      return isFinalAnswer(error) ? 'rejected' : 'unreachable';
    }
  };
  // Without Web Locks (an old browser, a non-secure origin) the server's grace keeps both tabs signed in.
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(REFRESH_LOCK, run) : run();
}
