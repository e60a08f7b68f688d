import type { EntityManager } from 'typeorm';
import { In } from 'typeorm';
import { Application, ApplicationDocument, PatientDocument } from '@rxbridge/database';
import type { ApplicationDocumentStatus } from '@rxbridge/contracts';
import type { DocumentKind } from '@rxbridge/domain';

export interface ChecklistItemValues {
  status: ApplicationDocumentStatus;
  documentId: string | null;
  receivedAt: Date | null;
  /**
   * The staff member who marks the item; null for the patient's own write (attaching, deleting the upload), which is
   * no mark: who last marked the item and when stay as they were (docs/product.md §5).
   */
  markedBy: string | null;
  note?: string | null;
}

/** One item of an application's document checklist, or null. */
export function checklistItem(manager: EntityManager, applicationId: string, kind: DocumentKind) {
  return manager.findOneBy(ApplicationDocument, { applicationId, kind });
}

/** Writes an item (only while it holds `holding`, when given); false when the checklist has no such item. */
export async function updateChecklistItem(
  manager: EntityManager,
  applicationId: string,
  kind: DocumentKind,
  values: ChecklistItemValues,
  holding?: string,
): Promise<boolean> {
  const where = { applicationId, kind, ...(holding !== undefined && { documentId: holding }) };
  const { markedBy, ...rest } = values;
  // updated_by and updated_at are the last mark's (a staff member's; null: the system's), read by the checklist's
  // follow and the asked-documents emails: the patient's own write leaves both.
  const set = markedBy ? { ...rest, updatedBy: markedBy } : { ...rest, updatedAt: () => 'updated_at' };
  const updated = await manager.update(ApplicationDocument, where, set);
  return Boolean(updated.affected);
}

export async function insertChecklistItem(
  manager: EntityManager,
  applicationId: string,
  kind: DocumentKind,
  values: ChecklistItemValues,
): Promise<void> {
  const { markedBy, ...rest } = values;
  await manager.insert(ApplicationDocument, { applicationId, kind, ...rest, updatedBy: markedBy });
}

/** The insurance cards received on these applications, with when each was received (docs/product.md §5). */
export function receivedInsuranceCards(
  manager: EntityManager,
  applicationIds: string[],
): Promise<{ applicationId: string; receivedAt: Date | null }[]> {
  return manager.query(
    `SELECT application_id AS "applicationId", received_at AS "receivedAt" FROM application_documents
      WHERE application_id = ANY($1::uuid[]) AND kind = 'INSURANCE_CARD' AND status = 'RECEIVED'`,
    [applicationIds],
  );
}

/**
 * The insurance card of these applications asked for again, as the system's own ask (no staff member's: updated_by
 * null, so the checklist's follow may let it go like any item of its own, and no navigator's email is armed): Missing,
 * its file let go, with `note` saying why (docs/product.md §5).
 */
export async function askInsuranceCardAgain(manager: EntityManager, applicationIds: string[], note: string) {
  await manager.query(
    `UPDATE application_documents
        SET status = 'MISSING', document_id = NULL, received_at = NULL, note = $2, updated_by = NULL, updated_at = now()
      WHERE application_id = ANY($1::uuid[]) AND kind = 'INSURANCE_CARD'`,
    [applicationIds, note],
  );
}

/** The items of the patient's applications that hold this upload. */
export async function checklistItemsHoldingUpload(
  manager: EntityManager,
  userId: string,
  documentId: string,
): Promise<{ applicationId: string; kind: DocumentKind }[]> {
  const items = await manager.find(ApplicationDocument, {
    select: { applicationId: true, kind: true },
    where: { documentId, application: { userId } },
  });
  return items.map((i) => ({ applicationId: i.applicationId, kind: i.kind as DocumentKind }));
}

/** The patient's applications whose checklist holds this upload, locked for the caller's transaction, oldest first. */
export async function lockApplicationsHoldingUpload(
  manager: EntityManager,
  userId: string,
  documentId: string,
): Promise<Application[]> {
  const ids = [
    ...new Set((await checklistItemsHoldingUpload(manager, userId, documentId)).map((i) => i.applicationId)),
  ];
  if (!ids.length) return [];
  return manager.find(Application, {
    where: { id: In(ids), userId },
    order: { createdAt: 'ASC', id: 'ASC' },
    lock: { mode: 'pessimistic_write' },
  });
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
