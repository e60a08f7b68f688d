// Where the session lives in the browser (docs/product.md: the access token under 'authToken'). The
// refresh token is never stored here: the API keeps it in an HttpOnly cookie (docs/architecture.md §9).
const TOKEN_KEY = 'authToken';
/** Where an older build kept the refresh token: removed on sight. */
const LEGACY_REFRESH_KEY = 'refreshToken';
const EXPIRES_AT_KEY = 'authTokenExpiresAt';

export interface StoredSession {
  token: string;
  /** Seconds until the access token expires, as the API reports it. */
  expiresIn: number;
}

export const tokenStorage = {
  getToken: () => localStorage.getItem(TOKEN_KEY),
  /** Whether a session may be stored; false where there is no storage (a page pre-rendered at build time). */
  hasToken: () => typeof localStorage !== 'undefined' && localStorage.getItem(TOKEN_KEY) !== null,
  /** Epoch milliseconds, or null when unknown. */
  getExpiresAt: () => {
    const raw = Number(localStorage.getItem(EXPIRES_AT_KEY));
    return Number.isFinite(raw) && raw > 0 ? raw : null;
  },
  save(session: StoredSession) {
    localStorage.setItem(TOKEN_KEY, session.token);
    localStorage.removeItem(LEGACY_REFRESH_KEY);
    localStorage.setItem(EXPIRES_AT_KEY, String(Date.now() + session.expiresIn * 1000));
  },
  /** A reissued access token (signup-complete answers one without a new refresh token). */
  replaceAccessToken(token: string, expiresIn: number) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(EXPIRES_AT_KEY, String(Date.now() + expiresIn * 1000));
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(LEGACY_REFRESH_KEY);
    localStorage.removeItem(EXPIRES_AT_KEY);
  },
};
