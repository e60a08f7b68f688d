import type { AuthResult } from '@rxbridge/contracts';
import { api } from '@/lib/api-client';

export type RefreshResult = Pick<AuthResult, 'token' | 'refreshToken' | 'expiresIn'>;

export const refreshToken = (refreshToken: string) => api.post<RefreshResult>('/auth/refresh', { refreshToken });
