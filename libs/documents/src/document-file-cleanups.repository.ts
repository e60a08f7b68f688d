import { In, type EntityManager } from 'typeorm';
import { DocumentFileCleanup, PatientDocument } from '@rxbridge/database';

// The document-file cleanups (document_file_cleanups): files that may end up with no document row,
// and the sweep's reads of them (document-file-cleanups.ts).

/** Records that the file under `key` may end up with no row; the sweep removes it from `dueAt` on. */
export async function planFileCleanup(manager: EntityManager, storageKey: string, dueAt: Date): Promise<void> {
  await manager
    .createQueryBuilder()
    .insert()
    .into(DocumentFileCleanup)
    .values({ storageKey, dueAt })
    .orUpdate(['due_at'], ['storage_key'])
    .execute();
}

/** The file is accounted for (its row committed, or the file removed): nothing left to sweep. False when there was no entry. */
export async function cancelFileCleanup(manager: EntityManager, storageKey: string): Promise<boolean> {
  const { affected } = await manager.delete(DocumentFileCleanup, { storageKey });
  return (affected ?? 0) > 0;
}

/** The file could not be removed: the sweep tries again from `dueAt`. */
export async function postponeFileCleanup(manager: EntityManager, storageKey: string, dueAt: Date): Promise<void> {
  await manager.update(DocumentFileCleanup, { storageKey }, { dueAt });
}

/**
 * The oldest cleanups due by `now`, locked for the caller's transaction; those another transaction
 * holds (an upload still in flight holds its own) are skipped, not waited for.
 */
export function lockDueFileCleanups(manager: EntityManager, now: Date, limit: number): Promise<DocumentFileCleanup[]> {
  return manager
    .createQueryBuilder(DocumentFileCleanup, 'c')
    .where('c.due_at <= :now', { now })
    .orderBy('c.due_at', 'ASC')
    .limit(limit)
    .setLock('pessimistic_write')
    .setOnLocked('skip_locked')
    .getMany();
}

/** Of the files under `storageKeys`, those no document row points at. */
export async function unusedFiles(manager: EntityManager, storageKeys: string[]): Promise<Set<string>> {
  if (!storageKeys.length) return new Set();
  const used = await manager.find(PatientDocument, {
    select: { storageKey: true },
    where: { storageKey: In(storageKeys) },
  });
  const inUse = new Set(used.map((d) => d.storageKey));
  return new Set(storageKeys.filter((key) => !inUse.has(key)));
}
