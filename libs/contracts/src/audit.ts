import { z } from 'zod';
import { ROLES } from './enums';
import { isoTime, MAX_PAGE, pagingNumber } from './fields';
import { paginationSchema } from './records';

const optionalId = (label: string) =>
  z
    .string({ error: `${label} must be an id` })
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v), {
      error: `${label} must be an id`,
    });

/** GET /admin/audit?staffId&patientId&page&limit (ADMIN): the audit log, newest first. */
export const auditQuerySchema = z.object({
  staffId: optionalId('staffId'),
  patientId: optionalId('patientId'),
  page: pagingNumber('page', MAX_PAGE).default(1),
  limit: pagingNumber('limit', 100).default(50),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

/**
 * Who an audit row names: a signed-in account's role, or OPERATOR for a command run on a server (`user:create`,
 * docs/architecture.md §9), which has no account and so no actorId.
 */
export const AUDIT_ACTOR_ROLES = [...ROLES, 'OPERATOR'] as const;
export type AuditActorRole = (typeof AUDIT_ACTOR_ROLES)[number];

export const auditEntryViewSchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorRole: z.enum(AUDIT_ACTOR_ROLES).nullable(),
  action: z.string(),
  /** The patient read; null for a list, whose patients are in `patientIds`. */
  subjectUserId: z.string().nullable(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  /** The search or filter of a list read, and the patients it showed. */
  metadata: z.record(z.string(), z.unknown()),
  createdAt: isoTime,
});
export type AuditEntryView = z.infer<typeof auditEntryViewSchema>;

export const auditAnswerSchema = z.object({ entries: z.array(auditEntryViewSchema), pagination: paginationSchema });
export type AuditAnswer = z.infer<typeof auditAnswerSchema>;
