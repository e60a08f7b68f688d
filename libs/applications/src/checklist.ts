import type { EntityManager } from 'typeorm';
import { APPLICATION_MESSAGES, localizeMessage, type ApplicationDocumentStatus } from '@rxbridge/contracts';
import {
  DOCUMENT_KINDS,
  documentLabel,
  isTerminal,
  packetMayGoAgain,
  stateLabel,
  type DocumentKind,
} from '@rxbridge/domain';
import type { Application } from '@rxbridge/database';
import { badRequest, conflict, fieldRefusal } from '@rxbridge/platform';
import { announceChecklistChange } from './application-notes';
import { checklistItemsHoldingUpload, insertChecklistItem, updateChecklistItem } from './checklist.repository';

/** A document kind from a path or body; 400 naming `kind` otherwise. */
export function parseDocumentKind(kind: string): DocumentKind {
  if (!(DOCUMENT_KINDS as readonly string[]).includes(kind)) {
    const message = APPLICATION_MESSAGES.documentKindUnknown(DOCUMENT_KINDS.join(', '));
    throw badRequest(`kind: ${message}`, { kind: message }, 'validation-failed');
  }
  return kind as DocumentKind;
}

export interface ChecklistChange {
  kind: DocumentKind;
  status: ApplicationDocumentStatus;
  documentId: string | null;
  note?: string | null;
  /** Patients may only fill items the program asked for; navigators may add one (e.g. a denial letter). */
  mayAddItem: boolean;
  /** A navigator asks the patient for the item (marks it missing): the patient is emailed what is still needed. */
  asksPatient?: boolean;
}

/**
 * Writes one item of an open application's checklist and the event that pushes it to the screens,
 * in the caller's transaction (docs/product.md §5 Applications): 409 for a closed case, 400 for an
 * item the patient may not add.
 */
export async function changeChecklistItem(
  manager: EntityManager,
  app: Application,
  actorId: string,
  change: ChecklistChange,
): Promise<void> {
  if (isTerminal(app.state))
    throw conflict(APPLICATION_MESSAGES.applicationClosed(stateLabel(app.state)), 'application-closed');
  const values = {
    status: change.status,
    documentId: change.documentId,
    receivedAt: change.status === 'RECEIVED' ? new Date() : null,
    // The patient's own attach is no mark (docs/product.md §5): only a staff member's is.
    markedBy: actorId === app.userId ? null : actorId,
    ...(change.note !== undefined && { note: change.note }),
  };
  if (!(await updateChecklistItem(manager, app.id, change.kind, values))) {
    if (!change.mayAddItem) {
      // Said with the document's own name in the patient's language: the message tables know no labels.
      throw fieldRefusal('kind', (language) =>
        localizeMessage(APPLICATION_MESSAGES.kindNotNeeded(documentLabel(change.kind, language)), language),
      );
    }
    await insertChecklistItem(manager, app.id, change.kind, values);
  }
  await announceChecklistChange(manager, app, change.asksPatient);
}

/**
 * Before a patient's upload is deleted (docs/product.md §6.4): each item it filled in a packet that may still go out
 * (open, or with the program, which may come back about it) is asked for again (MISSING), so the packet never goes to
 * the program without it while its checklist says Received; an item of a case past that (approved, closed) keeps its
 * status, as sent. The caller locks the applications (lockApplicationsHoldingUpload), then the upload FOR UPDATE, as
 * attaching does; the items are read again here, under that lock, which no new reference to the upload can pass. False
 * when one is on an application the caller did not lock (attached meanwhile): the caller starts over.
 */
export async function askAgainForDeletedUpload(
  manager: EntityManager,
  userId: string,
  documentId: string,
  locked: Application[],
): Promise<boolean> {
  const items = await checklistItemsHoldingUpload(manager, userId, documentId);
  if (items.some((i) => !locked.some((app) => app.id === i.applicationId))) return false;
  for (const app of locked) {
    if (!packetMayGoAgain(app)) continue;
    let changed = false;
    for (const { kind } of items.filter((i) => i.applicationId === app.id)) {
      // Only while the item still holds this upload: one attached since keeps its own.
      // The patient's own write: it leaves who marked the item (a navigator's ask stays theirs, dated as it was).
      const values = { status: 'MISSING' as const, documentId: null, receivedAt: null, markedBy: null };
      changed = (await updateChecklistItem(manager, app.id, kind, values, documentId)) || changed;
    }
    if (changed) await announceChecklistChange(manager, app);
  }
  return true;
}
