import { forgotPasswordSchema } from '@rxbridge/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export { forgotPasswordSchema };
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** Always answers success with a message; a 6-digit code is emailed if the account exists. */
export const requestResetCode = (input: ForgotPasswordInput) => api.post<unknown>('/users/forgot-password', input);
