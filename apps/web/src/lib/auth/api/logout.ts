import { api } from '@/lib/api-client';

// The browser sends the refresh cookie too: it ends the session even when the access token has
// expired (a tab left open), and the answer clears the cookie.
export const logout = () => api.post<unknown>('/users/logout', {});
