import type { AuthResult } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';

export type RefreshResult = Pick<AuthResult, 'token' | 'refreshToken' | 'expiresIn'>;

/** No token in the body: the browser sends the HttpOnly refresh cookie (docs/architecture.md §9). */
export const refreshToken = () => api.post<RefreshResult>('/auth/refresh', {});
