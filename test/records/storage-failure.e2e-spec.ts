import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECORD_MESSAGES } from '@rxbridge/contracts';
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
