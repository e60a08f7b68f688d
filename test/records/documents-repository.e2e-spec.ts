import { randomUUID } from 'node:crypto';
import {
  deleteDocument,
  documentExists,
  findDocument,
  getOwnDocument,
  insertDocument,
  listDocuments,
  lockedStorageUsed,
} from '@rxbridge/records';
import { migratedDatabase, newUserRow, waitsForLock } from '../support/repository-db';

/** The documents repository of libs/records against a real, migrated PostgreSQL. */
const db = migratedDatabase();

async function addDocument(userId: string, title: string, fileSize = 100): Promise<string> {
  const id = randomUUID();
  await insertDocument(db.ds.manager, {
    id,
    userId,
    title,
    originalName: `${title}.pdf`,
    mimeType: 'application/pdf',
    fileSize,
    storageKey: `${userId}/${id}`,
  });
  return id;
}

it('sums the user’s stored bytes under a lock on the user’s row', async () => {
  const [me, other] = [await newUserRow(db.ds.manager), await newUserRow(db.ds.manager)];
  expect(await lockedStorageUsed(db.ds.manager, me)).toBe(0);
  await addDocument(me, 'a', 1000);
  await addDocument(me, 'b', 234);
  await addDocument(other, 'c', 5);
  await db.ds.transaction(async (m) => {
    expect(await lockedStorageUsed(m, me)).toBe(1234);
    expect(await waitsForLock(db.ds, 'SELECT id FROM users WHERE id = $1 FOR UPDATE', [me])).toBe(true);
    expect(await waitsForLock(db.ds, 'SELECT id FROM users WHERE id = $1 FOR UPDATE', [other])).toBe(false);
  });
});

it('lists newest first, a page at a time, with the total, optionally by a title pattern', async () => {
  const [me, other] = [await newUserRow(db.ds.manager), await newUserRow(db.ds.manager)];
  for (const title of ['Lab 1', 'Card', 'Lab 2']) await addDocument(me, title);
  await addDocument(other, 'Lab 3');
  const [first, total] = await listDocuments(db.ds.manager, me, { offset: 0, limit: 2 });
  expect([first.map((d) => d.title), total]).toEqual([['Lab 2', 'Card'], 3]);
  const [second] = await listDocuments(db.ds.manager, me, { offset: 2, limit: 2 });
  expect(second.map((d) => d.title)).toEqual(['Lab 1']);
  const [labs, labCount] = await listDocuments(db.ds.manager, me, { offset: 0, limit: 10, titlePattern: '%lab%' });
  expect([labs.map((d) => d.title), labCount]).toEqual([['Lab 2', 'Lab 1'], 2]);
});

it('finds a document by id for a link, the owner’s for an answer, and deletes only the owner’s', async () => {
  const [me, other] = [await newUserRow(db.ds.manager), await newUserRow(db.ds.manager)];
  const id = await addDocument(me, 'Scan');
  expect((await findDocument(db.ds.manager, id))?.storageKey).toBe(`${me}/${id}`);
  expect(await findDocument(db.ds.manager, randomUUID())).toBeNull();
  expect((await getOwnDocument(db.ds.manager, id, me)).title).toBe('Scan');
  await expect(getOwnDocument(db.ds.manager, id, other)).rejects.toThrow(/Could not find any entity/);
  await deleteDocument(db.ds.manager, id, other);
  expect(await documentExists(db.ds.manager, id)).toBe(true);
  await deleteDocument(db.ds.manager, id, me);
  expect(await documentExists(db.ds.manager, id)).toBe(false);
});
