import { resetPasswordWithCodeSchema } from '@rxbridge/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export { resetPasswordWithCodeSchema };
export type ResetPasswordInput = z.input<typeof resetPasswordWithCodeSchema>;

export const resetPassword = (input: ResetPasswordInput) => api.post<unknown>('/users/reset-password', input);
