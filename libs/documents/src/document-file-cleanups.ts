import type { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  cancelFileCleanup,
  unusedFiles,
  lockDueFileCleanups,
  postponeFileCleanup,
} from './document-file-cleanups.repository';
import type { DocumentStorage } from './storage/document-storage';

/** An upload's file is swept only after this long: long enough for any upload still in flight. */
export const UPLOAD_GRACE_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 100;
/** A file that could not be removed is tried again after as long as its entry has existed, within these bounds. */
export const CLEANUP_RETRY_MIN_MS = 60 * 1000;
export const CLEANUP_RETRY_MAX_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the files of the cleanups that are due and that no document row points at, a batch at a
 * time. Entries are locked with SKIP LOCKED: an upload holds its own entry's lock from the start of
 * its transaction, so its file is never swept while it may still commit, and two sweeps never work
 * the same entry. A batch's files are removed together: its transaction waits for the storage once, not
 * once per file, so a storage that answers slowly or not at all (an outage, each request up to its timeout)
 * holds one connection for one request's time. A file that cannot be removed now keeps its entry, due again
 * after a wait as long as the entry's age (one minute to a day), which grows with each failure: so keys that
 * keep failing never hold back the newer ones behind them (docs/architecture.md §10).
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
      // A row that does point at the file means the file is in use: only the entry goes.
      const unused = await unusedFiles(
        manager,
        due.map((entry) => entry.storageKey),
      );
      const removals = await Promise.allSettled(
        due.map(async (entry) => {
          if (!unused.has(entry.storageKey)) return 'in use';
          await storage.delete(entry.storageKey);
          return 'removed';
        }),
      );
      for (const [i, entry] of due.entries()) {
        const removal = removals[i];
        if (removal.status === 'rejected') {
          failed += 1;
          logger?.error(
            { err: removal.reason, key: entry.storageKey },
            'could not remove an unreferenced document file',
          );
          await postponeFileCleanup(manager, entry.storageKey, retryAt(entry.createdAt, now));
          continue;
        }
        if (removal.value === 'removed') removed += 1;
        await cancelFileCleanup(manager, entry.storageKey);
      }
      return due.length;
    });
    // Every entry of a batch is gone or due after `now`: a short batch is the last one.
    if (batch < SWEEP_BATCH) break;
  }
  return { removed, failed };
}

/** When a file whose removal failed at `now` is tried again: after the entry's age, within the bounds. */
function retryAt(createdAt: Date, now: Date): Date {
  const wait = Math.min(Math.max(now.getTime() - createdAt.getTime(), CLEANUP_RETRY_MIN_MS), CLEANUP_RETRY_MAX_MS);
  return new Date(now.getTime() + wait);
}
