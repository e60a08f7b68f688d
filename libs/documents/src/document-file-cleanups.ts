import type { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { cancelFileCleanup, documentUsesFile, lockDueFileCleanups } from './document-file-cleanups.repository';
import type { DocumentStorage } from './storage/document-storage';

/** An upload's file is swept only after this long: long enough for any upload still in flight. */
export const UPLOAD_GRACE_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 100;

/**
 * Removes the files of the cleanups that are due and that no document row points at, a batch at a
 * time. Entries are locked with SKIP LOCKED: an upload holds its own entry's lock from the start of
 * its transaction, so its file is never swept while it may still commit, and two sweeps never work
 * the same entry. A file that cannot be removed now keeps its entry for the next sweep.
 */
export async function sweepDocumentFiles(
  db: DataSource,
  storage: DocumentStorage,
  now: Date,
  logger?: Pick<Logger, 'error'>,
): Promise<{ removed: number; failed: number }> {
  let removed = 0;
  let failed = 0;
  for (;;) {
    const batch = await db.transaction(async (manager) => {
      const due = await lockDueFileCleanups(manager, now, SWEEP_BATCH);
      let done = 0;
      for (const entry of due) {
        // A row that does point at the file means the file is in use: only the entry goes.
        const inUse = await documentUsesFile(manager, entry.storageKey);
        if (!inUse) {
          try {
            await storage.delete(entry.storageKey);
          } catch (err) {
            failed += 1;
            logger?.error({ err, key: entry.storageKey }, 'could not remove an unreferenced document file');
            continue;
          }
          removed += 1;
        }
        await cancelFileCleanup(manager, entry.storageKey);
        done += 1;
      }
      return { seen: due.length, done };
    });
    // A short batch is the last one; a batch where nothing could be done would only repeat itself.
    if (batch.seen < SWEEP_BATCH || batch.done === 0) break;
  }
  return { removed, failed };
}
