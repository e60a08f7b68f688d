import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Queue } from 'bullmq';
import type { Client } from 'pg';
import { QUEUES } from '@rxbridge/events';
import { UPLOAD_GRACE_MS } from '@rxbridge/documents';
import { freePort } from '@rxbridge/local-stack';
import { DocumentFileSweep, startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { settingsAsEnv } from '../support/worker-process';
import { eventually } from '../support/wait';
import { connectDb, FILES, newPatient, upload } from './helpers';

let stack: TestStack;
let db: Client;
let sweep: DocumentFileSweep;

beforeAll(async () => {
  stack = await startStack();
  db = await connectDb(stack);
  sweep = stack.worker!.get(DocumentFileSweep);
});
afterAll(async () => {
  await db?.end();
  await stack?.close();
});

const fileOf = (key: string) => join(stack.settings.STORAGE_DIR, key);
const cleanups = async () =>
  (await db.query<{ storage_key: string; due_at: Date }>('SELECT storage_key, due_at FROM document_file_cleanups'))
    .rows;
const later = (ms: number) => new Date(Date.now() + ms);

it('the worker declares the sweep as a job scheduler on the timers queue', async () => {
  const queue = new Queue(QUEUES.timers, {
    connection: { url: stack.settings.REDIS_URL },
    prefix: stack.settings.REDIS_PREFIX,
  });
  try {
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          key: 'document-file-sweep',
          name: 'documents.sweep_due',
          every: stack.settings.DOCUMENT_SWEEP_SECONDS * 1000,
        }),
      ]),
    );
  } finally {
    await queue.close();
  }
});

it('an upload and a delete that go through leave no cleanup entry, and the file goes with the row', async () => {
  const api = apiClient(stack.apiUrl);
  const p = await newPatient(api);
  const res = await upload(stack, p.token, { bytes: FILES.pdf, title: 'Insurance card' });
  expect(res.status).toBe(201);
  const key = `${p.id}/${res.body.data.document.id}`;
  expect(existsSync(fileOf(key))).toBe(true);
  expect(await cleanups()).toEqual([]);

  // Even long after, the sweep leaves a file that its row points at.
  await sweep.run(later(2 * UPLOAD_GRACE_MS));
  expect(existsSync(fileOf(key))).toBe(true);

  expect((await api.delete(`/documents/${res.body.data.document.id}`, p.token)).status).toBe(200);
  expect(existsSync(fileOf(key))).toBe(false);
  expect(await cleanups()).toEqual([]);
});

it('a file whose removal fails on delete stays planned, and the sweep removes it once it can', async () => {
  const api = apiClient(stack.apiUrl);
  const p = await newPatient(api);
  const res = await upload(stack, p.token, { bytes: FILES.png, title: 'Denial letter' });
  const key = `${p.id}/${res.body.data.document.id}`;
  // A folder where the file was: removing it fails, as a storage outage would.
  await rm(fileOf(key));
  await mkdir(join(fileOf(key), 'stuck'), { recursive: true });

  expect((await api.delete(`/documents/${res.body.data.document.id}`, p.token)).status).toBe(200);
  expect((await api.get('/documents', p.token)).body.data.pagination.totalCount).toBe(0);
  expect((await cleanups()).map((c) => c.storage_key)).toEqual([key]);

  const failedAt = later(1000);
  await sweep.run(failedAt);
  // Tried again later (architecture.md §10), so the sweep goes on to other entries meanwhile.
  const [postponed] = await cleanups();
  expect(postponed.storage_key).toBe(key);
  expect(postponed.due_at.getTime()).toBeGreaterThan(failedAt.getTime());
  await sweep.run(failedAt);
  expect(existsSync(fileOf(key))).toBe(true);

  // The storage works again: the sweep once the entry is due removes the file and its entry.
  await rm(fileOf(key), { recursive: true });
  await writeFile(fileOf(key), 'sealed bytes');
  await sweep.run(postponed.due_at);
  expect(existsSync(fileOf(key))).toBe(false);
  expect(await cleanups()).toEqual([]);
});

describe('an API process killed between the file write and the commit', () => {
  let child: ChildProcess | undefined;
  afterEach(async () => {
    child?.kill('SIGKILL');
    await db.query('DROP TRIGGER IF EXISTS stall_commit ON documents');
    await db.query('DROP FUNCTION IF EXISTS stall_commit()');
  });

  it('leaves a file with no row, which the sweep removes once the upload grace period is over', async () => {
    // At commit, a document titled "crash-me" stalls: time to kill the process that is committing it.
    await db.query(`CREATE FUNCTION stall_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.title = 'crash-me' THEN PERFORM pg_sleep(60); END IF; RETURN NULL; END $$`);
    await db.query(`CREATE CONSTRAINT TRIGGER stall_commit AFTER INSERT ON documents
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION stall_commit()`);
    const port = await freePort();
    child = spawn(process.execPath, [resolve(__dirname, '../../apps/api/dist/main.js')], {
      env: { ...settingsAsEnv(stack.settings), PORT: String(port), LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    const childApi = `http://127.0.0.1:${port}/api/v1`;
    await eventually(async () => (await fetch(`${childApi}/health`)).ok, 'the second API process', 30_000);

    const p = await newPatient(apiClient(stack.apiUrl));
    const uploading = upload({ ...stack, apiUrl: childApi }, p.token, { bytes: FILES.pdf, title: 'crash-me' }).catch(
      () => null,
    );
    const backend = await eventually(
      async () =>
        (
          await db.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()`,
          )
        ).rows[0]?.pid,
      'the upload to stall in its commit',
      20_000,
    );
    child.kill('SIGKILL');
    // The database notices a dead client only when it next talks to it: end its session now.
    await db.query('SELECT pg_terminate_backend($1)', [backend]);
    await uploading;

    // What the crash left: no row, the encrypted file, and the entry planned before it was written.
    expect((await db.query('SELECT 1 FROM documents WHERE user_id = $1', [p.id])).rowCount).toBe(0);
    const [entry] = await cleanups();
    expect(entry.storage_key).toMatch(new RegExp(`^${p.id}/[0-9a-f-]{36}$`));
    expect(existsSync(fileOf(entry.storage_key))).toBe(true);

    // Within the grace period the upload might still be committing: the file stays.
    await sweep.run();
    expect(existsSync(fileOf(entry.storage_key))).toBe(true);

    await sweep.run(new Date(entry.due_at.getTime() + 1000));
    expect(existsSync(fileOf(entry.storage_key))).toBe(false);
    expect(await cleanups()).toEqual([]);
  }, 90_000);
});
