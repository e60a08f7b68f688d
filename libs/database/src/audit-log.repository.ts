// The audit log (docs/architecture.md §9): its one insert and its one read, for every reader and writer.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { AuditActorRole } from '@rxbridge/contracts';
import { prepared, runPrepared } from './prepared';

/** An audit_log row as read. */
export interface AuditLogPageRow {
  id: string;
  actor_id: string | null;
  actor_role: AuditActorRole | null;
  action: string;
  subject_user_id: string | null;
  entity_type: string | null;
  entity_id: string | null;
  metadata: Record<string, unknown>;
  created_at: Date;
}

export interface AuditLogFilter {
  staffId: string | null;
  /** A patient matches the reads of their record and the lists that showed them. */
  patientId: string | null;
  offset: number;
  limit: number;
}

const AUDIT_FILTER = `WHERE ($1::uuid IS NULL OR actor_id = $1)
    AND ($2::uuid IS NULL OR subject_user_id = $2 OR metadata->'patientIds' ? $2::text)`;

/**
 * One page of the audit log (docs/architecture.md §9), newest first, with the count of every entry the filter
 * matches: a page past the end has no entry and still that count. Two statements side by side, not a window count:
 * the page walks the newest-first index and stops, the count reads no row's content; a count over the page's rows
 * sorted the whole log on every page (seconds at millions of entries).
 */
export async function auditLogPage(
  manager: EntityManager,
  filter: AuditLogFilter,
): Promise<{ rows: AuditLogPageRow[]; total: number }> {
  const filters = [filter.staffId, filter.patientId];
  const [rows, [{ total }]] = await Promise.all([
    manager.query<AuditLogPageRow[]>(
      `SELECT * FROM audit_log ${AUDIT_FILTER} ORDER BY created_at DESC, id DESC OFFSET $3 LIMIT $4`,
      [...filters, filter.offset, filter.limit],
    ),
    manager.query<{ total: number }[]>(`SELECT count(*)::int AS total FROM audit_log ${AUDIT_FILTER}`, filters),
  ]);
  return { rows, total };
}

export interface AuditLogRow {
  /** Null for an operator's command (OPERATOR), which runs as no account. */
  actorId: string | null;
  actorRole: AuditActorRole;
  action: string;
  subjectUserId: string | null;
  entityType: string | null;
  entityId: string | null;
  metadata: Record<string, unknown>;
}

/**
 * The audit log's insert as a part of one statement (a navigator's move is one, docs/architecture.md §15): a
 * line for each row of `from`, whose `subject` and `entity` columns name the patient and the record, with
 * auditRowParams' six parameters from `$first`; none when its id is null.
 */
export const auditInsertFrom = (
  first: number,
  from: string,
  { subject, entity }: { subject: string; entity: string },
) =>
  `INSERT INTO audit_log (id, actor_id, actor_role, action, entity_type, metadata, subject_user_id, entity_id)
   SELECT $${first}::uuid, $${first + 1}::uuid, $${first + 2}, $${first + 3}, $${first + 4}, $${first + 5}::jsonb,
          ${subject}, ${entity}
     FROM ${from} WHERE $${first}::uuid IS NOT NULL`;

/** auditInsertFrom's parameters for `row` (its subject and entity come from the statement), or for no line. */
export const auditRowParams = (row: Omit<AuditLogRow, 'subjectUserId' | 'entityId'> | null): unknown[] =>
  row
    ? [randomUUID(), row.actorId, row.actorRole, row.action, row.entityType, JSON.stringify(row.metadata)]
    : [null, null, null, null, null, null];

const INSERT_AUDIT_LINE = prepared(
  'audit-line',
  `INSERT INTO audit_log (id, actor_id, actor_role, action, entity_type, metadata, subject_user_id, entity_id)
   VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6::jsonb, $7::uuid, $8::uuid)`,
);

/**
 * One line of the audit log (docs/architecture.md §9), in the caller's transaction when it has one. Prepared: every
 * staff read writes one, and TypeORM's insert cost the API more than PostgreSQL spent on it (§15).
 */
export async function insertAuditEntry(manager: EntityManager, row: AuditLogRow): Promise<void> {
  await runPrepared(manager, INSERT_AUDIT_LINE, [...auditRowParams(row), row.subjectUserId, row.entityId]);
}
