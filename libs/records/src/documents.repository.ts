import type { EntityManager } from 'typeorm';
import { PatientDocument } from '@rxbridge/database';
import { deleteOwnedRecord, lockPatientRow } from './owned-records.repository';

export type NewDocument = Pick<
  PatientDocument,
  'id' | 'userId' | 'title' | 'originalName' | 'mimeType' | 'fileSize' | 'storageKey'
>;

export interface DocumentPage {
  offset: number;
  limit: number;
  /** An ILIKE pattern the title must match, already escaped. */
  titlePattern?: string;
}

/** Bytes the user's documents take, under lockPatientRow: two uploads at once cannot both pass the quota. */
export async function lockedStorageUsed(manager: EntityManager, userId: string): Promise<number> {
  await lockPatientRow(manager, userId);
  const [{ used }]: { used: string }[] = await manager.query(
    `SELECT COALESCE(sum(file_size), 0)::bigint AS used FROM documents WHERE user_id = $1`,
    [userId],
  );
  return Number(used);
}

export async function insertDocument(manager: EntityManager, row: NewDocument): Promise<void> {
  await manager.insert(PatientDocument, row);
}

/** The user's documents, newest first, one page, with how many there are in all. */
export function listDocuments(
  manager: EntityManager,
  userId: string,
  page: DocumentPage,
): Promise<[PatientDocument[], number]> {
  const query = manager
    .createQueryBuilder(PatientDocument, 'd')
    .where('d.user_id = :userId', { userId })
    .orderBy('d.created_at', 'DESC')
    .addOrderBy('d.id', 'DESC')
    .offset(page.offset)
    .limit(page.limit);
  if (page.titlePattern) query.andWhere('d.title ILIKE :pattern', { pattern: page.titlePattern });
  return query.getManyAndCount();
}

/** Any user's document by id (a signed link names only the id), or null. */
export function findDocument(manager: EntityManager, id: string): Promise<PatientDocument | null> {
  return manager.findOneBy(PatientDocument, { id });
}

/** The user's document, which must exist (just inserted). */
export function getOwnDocument(manager: EntityManager, id: string, userId: string): Promise<PatientDocument> {
  return manager.findOneByOrFail(PatientDocument, { id, userId });
}

/** Whether a row points at this document id (so its file must stay). */
export function documentExists(manager: EntityManager, id: string): Promise<boolean> {
  return manager.existsBy(PatientDocument, { id });
}

export function deleteDocument(manager: EntityManager, id: string, userId: string): Promise<void> {
  return deleteOwnedRecord(manager, PatientDocument, id, userId);
}
