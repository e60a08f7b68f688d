import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type EntityTarget } from 'typeorm';
import { STAFF_ROLES } from '@rxbridge/contracts';
import { insertAuditEntry, isUuid } from '@rxbridge/database';
import { findOwnedRecord, findRecord, type OwnedRecord } from '@rxbridge/records';
import { notFound } from '@rxbridge/platform';
import type { AuthUser } from './auth.guard';

export type { OwnedRecord };

export interface AuditEntry {
  action: string;
  subjectUserId: string | null;
  entityType?: string;
  entityId?: string;
  metadata?: Record<string, unknown>;
}

export const isStaff = (user: AuthUser) => STAFF_ROLES.includes(user.role);

/** Writes who read or changed a patient's record, in the caller's transaction when given one. */
export async function writeAudit(manager: EntityManager, actor: AuthUser, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(manager, {
    actorId: actor.id,
    actorRole: actor.role,
    action: entry.action,
    subjectUserId: entry.subjectUserId,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    metadata: entry.metadata ?? {},
  });
}

/**
 * Record-level access in one place (docs/architecture.md §9 Access control and audit). Anything the caller may not see answers
 * "not found", exactly as an id that does not exist, so an answer never reveals another patient's
 * record. Patients reach only their own rows; staff (NAVIGATOR, ADMIN) may read a patient's row,
 * and that read is written to the audit log before anything is disclosed.
 */
@Injectable()
export class RecordAccess {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * The caller's own row, for a change. `lock` takes a row lock for the rest of the caller's
   * transaction, so a concurrent delete cannot slip between the check and the change.
   */
  async own<E extends OwnedRecord>(
    entity: EntityTarget<E>,
    id: string,
    user: AuthUser,
    what: string,
    opts: { manager?: EntityManager; lock?: boolean } = {},
  ): Promise<E> {
    // A malformed id is just another id that does not exist (and never reaches PostgreSQL's uuid parser).
    if (!isUuid(id)) throw notFound(what);
    const row = await findOwnedRecord(opts.manager ?? this.db.manager, entity, id, user.id, opts.lock);
    if (!row) throw notFound(what);
    return row;
  }

  /**
   * A row the caller may read: their own, or any patient's for staff. A staff read of someone
   * else's row is audited as `action` first; if the audit cannot be written, nothing is read.
   */
  async readable<E extends OwnedRecord>(
    entity: EntityTarget<E>,
    id: string,
    user: AuthUser,
    what: string,
    audit: { action: string; entityType: string; metadata?: Record<string, unknown> },
  ): Promise<E> {
    if (!isStaff(user)) return this.own(entity, id, user, what);
    if (!isUuid(id)) throw notFound(what);
    const row = await findRecord(this.db.manager, entity, id);
    if (!row) throw notFound(what);
    if (row.userId !== user.id) {
      await writeAudit(this.db.manager, user, {
        action: audit.action,
        subjectUserId: row.userId,
        entityType: audit.entityType,
        entityId: row.id,
        metadata: audit.metadata,
      });
    }
    return row;
  }
}
