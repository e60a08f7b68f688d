import { z } from 'zod';
import { ROLES } from './enums';
import { isoTime } from './fields';

/**
 * PUT /admin/staff/{id} (ADMIN): re-role or disable a staff account (docs/product.md §7.7
 * Staff accounts). Either field may be left out, not both; the change ends the account's sessions at once.
 */
export const staffUpdateSchema = z
  .object({
    role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` }).optional(),
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
  })
  .strict()
  .refine((v) => v.role !== undefined || v.disabled !== undefined, {
    message: 'role or disabled is required',
    path: ['role'],
  });
export type StaffUpdate = z.output<typeof staffUpdateSchema>;

/** A staff account as an ADMIN sees it: no health data, no password. */
export const staffViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  disabledAt: isoTime.nullable(),
});
export type StaffView = z.infer<typeof staffViewSchema>;

export const staffAnswerSchema = z.object({ staff: staffViewSchema });
export type StaffAnswer = z.infer<typeof staffAnswerSchema>;
