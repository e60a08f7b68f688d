import type { EntityManager } from 'typeorm';
import type { DocumentKind, ReceivedItem } from '@rxbridge/domain';
import { TIMELINE_NOTES } from './timeline-notes';

// What a renewal takes over of the application it renews (docs/product.md §18): renewalTakesOver decides.

/** Items of `applicationId` received with a patient's upload, of these kinds, with when each was received. */
export function receivedUploads(manager: EntityManager, applicationId: string, kinds: DocumentKind[]) {
  return manager.query(
    `SELECT kind, received_at AS "receivedAt" FROM application_documents
      WHERE application_id = $1 AND status = 'RECEIVED' AND document_id IS NOT NULL AND kind = ANY($2)`,
    [applicationId, kinds],
  ) as Promise<ReceivedItem[]>;
}

/**
 * Items of `fromId` received with a patient's upload, of these kinds, marked received with the same upload on `toId`'s
 * checklist: only on items that checklist has, never adding one it does not ask for.
 */
export async function carryOverDocuments(manager: EntityManager, fromId: string, toId: string, kinds: DocumentKind[]) {
  await manager.query(
    `UPDATE application_documents t
        SET status = 'RECEIVED', document_id = s.document_id, received_at = s.received_at,
            note = $4, updated_at = now()
       FROM application_documents s
      WHERE s.application_id = $1 AND s.status = 'RECEIVED' AND s.document_id IS NOT NULL AND s.kind = ANY($3)
        AND t.application_id = $2 AND t.kind = s.kind`,
    [fromId, toId, kinds, TIMELINE_NOTES.carriedOver],
  );
}
