import type { EntityManager } from 'typeorm';
import { ApplicationDocument, PatientDocument } from '@rxbridge/database';
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
