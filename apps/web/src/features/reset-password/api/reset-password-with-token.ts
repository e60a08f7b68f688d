import { resetPasswordWithTokenSchema } from '@rxbridge/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type ResetWithTokenInput = z.input<typeof resetPasswordWithTokenSchema>;

/** POST /auth/reset-password: the emailed link's token and the new password; ends every session of the account. */
export const resetPasswordWithToken = (input: ResetWithTokenInput) => api.post<unknown>('/auth/reset-password', input);
