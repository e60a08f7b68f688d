import { api } from '@/lib/api-client';
import { tokenStorage } from '@/lib/token-storage';

// The refresh token too: it ends the session even when the access token has expired (a tab left open).
export const logout = () =>
  api.post<unknown>('/users/logout', { refreshToken: tokenStorage.getRefreshToken() ?? undefined });
