import type { EntityManager } from 'typeorm';
import { In } from 'typeorm';
import { Application, ApplicationDocument, PatientDocument } from '@rxbridge/database';
import type { ApplicationDocumentStatus } from '@rxbridge/contracts';
import type { DocumentKind } from '@rxbridge/domain';

export interface ChecklistItemValues {
  status: ApplicationDocumentStatus;
  documentId: string | null;
  receivedAt: Date | null;
  updatedBy: string;
  note?: string | null;
}

/** One item of an application's document checklist, or null. */
export function checklistItem(manager: EntityManager, applicationId: string, kind: DocumentKind) {
  return manager.findOneBy(ApplicationDocument, { applicationId, kind });
}

/** Writes an item; false when the checklist has no such item. */
export async function updateChecklistItem(
  manager: EntityManager,
  applicationId: string,
  kind: DocumentKind,
  values: ChecklistItemValues,
): Promise<boolean> {
  const updated = await manager.update(ApplicationDocument, { applicationId, kind }, values);
  return Boolean(updated.affected);
}

export async function insertChecklistItem(
  manager: EntityManager,
  applicationId: string,
  kind: DocumentKind,
  values: ChecklistItemValues,
): Promise<void> {
  await manager.insert(ApplicationDocument, { applicationId, kind, ...values });
}

/** The patient's applications whose checklist holds this upload, locked for the caller's transaction, oldest first. */
export async function lockApplicationsHoldingUpload(
  manager: EntityManager,
  userId: string,
  documentId: string,
): Promise<{ app: Application; kinds: DocumentKind[] }[]> {
  const items = await manager.find(ApplicationDocument, {
    select: { applicationId: true, kind: true },
    where: { documentId },
  });
  const ids = [...new Set(items.map((i) => i.applicationId))];
  if (!ids.length) return [];
  const apps = await manager.find(Application, {
    where: { id: In(ids), userId },
    order: { createdAt: 'ASC', id: 'ASC' },
    lock: { mode: 'pessimistic_write' },
  });
  return apps.map((app) => ({
    app,
    kinds: items.filter((i) => i.applicationId === app.id).map((i) => i.kind as DocumentKind),
  }));
}

/**
 * The patient's own upload of this id, held FOR SHARE so it cannot be deleted before the caller's
 * commit; null when it is not theirs.
 */
export function lockOwnUpload(manager: EntityManager, userId: string, documentId: string) {
  return manager.findOne(PatientDocument, {
    select: { id: true },
    where: { id: documentId, userId },
    lock: { mode: 'pessimistic_read' },
  });
}
