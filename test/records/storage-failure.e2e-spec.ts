import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECORD_MESSAGES } from '@rxbridge/contracts';
import { signDocumentLink } from '@rxbridge/documents';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { connectDb, FILES, newPatient, upload } from './helpers';

let stack: TestStack;
let dir: string;

beforeAll(async () => {
  // STORAGE_DIR under a regular file: every write fails (ENOTDIR), as a full or broken disk would.
  dir = await mkdtemp(join(tmpdir(), 'rxb-broken-'));
  await writeFile(join(dir, 'not-a-folder'), 'x');
  stack = await startStack({ withWorker: false, env: { STORAGE_DIR: join(dir, 'not-a-folder', 'documents') } });
});
afterAll(async () => {
  await stack?.close();
  await rm(dir, { recursive: true, force: true });
});

it('answers 503 with a clear message and keeps no row when the storage write fails', async () => {
  const api = apiClient(stack.apiUrl);
  const p = await newPatient(api);
  const res = await upload(stack, p.token, { bytes: FILES.pdf, title: 'Card' });
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({
    success: false,
    message: RECORD_MESSAGES.storageUnavailable,
    error: { code: 'storage-unavailable' },
  });
  const db = await connectDb(stack);
  try {
    const { rows } = await db.query('SELECT count(*)::int AS n FROM documents');
    expect(rows[0].n).toBe(0);
    // The file was never written, so nothing is left for the sweep either.
    expect((await db.query('SELECT 1 FROM document_file_cleanups')).rowCount).toBe(0);
  } finally {
    await db.end();
  }
  expect((await api.get('/documents', p.token)).body.data.pagination.totalCount).toBe(0);
});

it("answers 503, never a 500, when a document's file cannot be read from the storage", async () => {
  const api = apiClient(stack.apiUrl);
  const p = await newPatient(api);
  const db = await connectDb(stack);
  let id: string;
  try {
    // A document stored before the storage broke: its row is there, its file cannot be read now.
    ({
      rows: [{ id }],
    } = await db.query(
      `INSERT INTO documents (id, user_id, title, original_name, mime_type, file_size, storage_key)
       VALUES (gen_random_uuid(), $1, 'Card', 'card.pdf', 'application/pdf', 10, 'before-the-failure') RETURNING id`,
      [p.id],
    ));
  } finally {
    await db.end();
  }
  const expires = Math.floor(Date.now() / 1000) + 60;
  const signature = signDocumentLink(stack.settings.JWT_SECRET, id, expires);
  const res = await fetch(`${stack.apiUrl}/documents/${id}/file?expires=${expires}&signature=${signature}`);
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('service-unavailable');
});
