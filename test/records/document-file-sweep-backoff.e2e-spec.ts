import {
  CLEANUP_RETRY_MAX_MS,
  CLEANUP_RETRY_MIN_MS,
  planFileCleanup,
  sweepDocumentFiles,
  type DocumentStorage,
} from '@rxbridge/documents';
import { migratedDatabase } from '../support/repository-db';

// The document-file sweep (libs/documents) against a real, migrated PostgreSQL, with a storage that refuses to
// remove some keys, as one in an outage or with a broken object would (docs/architecture.md §10).
const db = migratedDatabase();

/** A storage that removes every key but those under `stuck/`. */
function refusingStorage() {
  const removed: string[] = [];
  const storage: DocumentStorage = {
    failedPutMayLand: false,
    put: async () => undefined,
    get: async () => Buffer.alloc(0),
    delete: async (key) => {
      if (key.startsWith('stuck/')) throw new Error('AccessDenied');
      removed.push(key);
    },
  };
  return { storage, removed };
}

const cleanups = async () =>
  (
    await db.ds.query<{ storage_key: string; due_at: Date; created_at: Date }[]>(
      'SELECT storage_key, due_at, created_at FROM document_file_cleanups ORDER BY storage_key',
    )
  ).map((r) => ({ key: r.storage_key, dueAt: r.due_at, createdAt: r.created_at }));

afterEach(() => db.ds.query('DELETE FROM document_file_cleanups'));

it('a file that cannot be removed is tried again later, and the sweep goes on to the newer cleanups', async () => {
  const now = new Date();
  // More failing keys than a batch holds, all due before the files that can go.
  for (let i = 0; i < 150; i++) {
    await planFileCleanup(
      db.ds.manager,
      `stuck/${String(i).padStart(3, '0')}`,
      new Date(now.getTime() - 86_400_000 + i),
    );
  }
  const newer = ['u1/d1', 'u2/d2', 'u3/d3'];
  for (const key of newer) await planFileCleanup(db.ds.manager, key, new Date(now.getTime() - 1000));
  const { storage, removed } = refusingStorage();

  expect(await sweepDocumentFiles(db.ds, storage, now)).toEqual({ removed: 3, failed: 150 });
  expect(removed.sort()).toEqual(newer);
  const left = await cleanups();
  expect(left.map((c) => c.key).every((k) => k.startsWith('stuck/'))).toBe(true);
  expect(left).toHaveLength(150);
  // Entries a moment old wait the shortest time.
  for (const c of left) expect(c.dueAt.getTime()).toBe(now.getTime() + CLEANUP_RETRY_MIN_MS);

  // Nothing is due before then; a sweep that finds nothing due does nothing.
  expect(await sweepDocumentFiles(db.ds, storage, new Date(now.getTime() + 1000))).toEqual({ removed: 0, failed: 0 });
});

it('the wait grows with each failure, up to a day', async () => {
  await planFileCleanup(db.ds.manager, 'stuck/one', new Date());
  const { storage } = refusingStorage();
  const [{ createdAt }] = await cleanups();

  // Ten minutes on, the entry is ten minutes old: it waits ten minutes more.
  const first = new Date(createdAt.getTime() + 10 * 60_000);
  expect(await sweepDocumentFiles(db.ds, storage, first)).toEqual({ removed: 0, failed: 1 });
  const [afterFirst] = await cleanups();
  expect(afterFirst.dueAt.getTime()).toBe(first.getTime() + 10 * 60_000);

  // Failing again when due, at twenty minutes old: twenty more.
  expect(await sweepDocumentFiles(db.ds, storage, afterFirst.dueAt)).toEqual({ removed: 0, failed: 1 });
  const [afterSecond] = await cleanups();
  expect(afterSecond.dueAt.getTime()).toBe(afterFirst.dueAt.getTime() + 20 * 60_000);

  // A month on, never more than a day.
  const month = new Date(createdAt.getTime() + 30 * 86_400_000);
  expect(await sweepDocumentFiles(db.ds, storage, month)).toEqual({ removed: 0, failed: 1 });
  const [capped] = await cleanups();
  expect(capped.dueAt.getTime()).toBe(month.getTime() + CLEANUP_RETRY_MAX_MS);
});

it("removes a batch's files together: its transaction waits for the storage once, not once per file", async () => {
  const keys = ['u1/a', 'u1/b', 'u2/c', 'u3/d', 'u4/e'];
  for (const key of keys) await planFileCleanup(db.ds.manager, key, new Date(Date.now() - 1000));
  // Each removal notes how many had been asked for by the time the storage answers it (a turn later).
  let asked = 0;
  const askedWhenAnswered: number[] = [];
  const storage: DocumentStorage = {
    failedPutMayLand: false,
    put: async () => undefined,
    get: async () => Buffer.alloc(0),
    delete: async () => {
      asked += 1;
      await new Promise((resolve) => setImmediate(resolve));
      askedWhenAnswered.push(asked);
    },
  };

  expect(await sweepDocumentFiles(db.ds, storage, new Date())).toEqual({ removed: 5, failed: 0 });
  // One after another, the first answer came when one had been asked for.
  expect(askedWhenAnswered).toEqual([5, 5, 5, 5, 5]);
  expect(await cleanups()).toEqual([]);
});
