import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Role } from '@rxbridge/contracts';
import { AuditLogEntry } from '@rxbridge/database';

export interface AuditLogRow {
  actorId: string;
  actorRole: Role;
  action: string;
  subjectUserId: string | null;
  entityType: string | null;
  entityId: string | null;
  metadata: Record<string, unknown>;
}

/** One line of the audit log (docs/architecture.md §9), in the caller's transaction when it has one. */
export async function insertAuditEntry(manager: EntityManager, row: AuditLogRow): Promise<void> {
  await manager.insert(AuditLogEntry, { id: randomUUID(), ...row, metadata: row.metadata as never });
}
