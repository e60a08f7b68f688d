import { changePasswordSchema } from '@rxbridge/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/**
 * PATCH /users/change-password: 400 with a field message for a wrong current password or a reused one;
 * on success the server ends the account's other sessions and keeps this one (docs/product.md §7).
 */
export const changePassword = (input: ChangePasswordInput) => api.patch<unknown>('/users/change-password', input);
