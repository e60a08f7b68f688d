import { api } from '@/lib/api-client';

/** Needs the stored login token (bearer). */
export const resendVerification = () => api.post<unknown>('/auth/resend-verification');
