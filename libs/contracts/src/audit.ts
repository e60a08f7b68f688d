import { z } from 'zod';
import type { Role } from './enums';
import type { Pagination } from './records';

const optionalId = (label: string) =>
  z
    .string({ error: `${label} must be an id` })
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v), {
      error: `${label} must be an id`,
    });
const page = (label: string, max: number, fallback: number) =>
  z
    .string({ error: `${label} must be a whole number` })
    .regex(/^\d{1,6}$/, `${label} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, { error: `${label} must be between 1 and ${max}` })
    .optional()
    .transform((n) => n ?? fallback);

/** GET /admin/audit?staffId&patientId&page&limit (ADMIN): the audit log, newest first. */
export const auditQuerySchema = z.object({
  staffId: optionalId('staffId'),
  patientId: optionalId('patientId'),
  page: page('page', 100_000, 1),
  limit: page('limit', 100, 50),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export interface AuditEntryView {
  id: string;
  actorId: string | null;
  actorRole: Role | null;
  action: string;
  /** The patient read; null for a list, whose patients are in `patientIds`. */
  subjectUserId: string | null;
  entityType: string | null;
  entityId: string | null;
  /** The search or filter of a list read, and the patients it showed. */
  metadata: Record<string, unknown>;
  createdAt: string;
}

export interface AuditAnswer {
  entries: AuditEntryView[];
  pagination: Pagination;
}
