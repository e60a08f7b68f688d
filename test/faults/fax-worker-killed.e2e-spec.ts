import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'pg';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { eventually } from '../support/wait';
import { waitForQueuesIdle } from '../support/idle';
import { connectDb } from '../records/helpers';
import { driveTo, newNavigator, type Api } from '../applications/helpers';
import { FAX_PROGRAM as PROGRAM, readyToSend } from '../applications/signing-helpers';
import { startWorkerProcess } from '../support/worker-process';

// The worker SIGKILLed between the fax gateway taking the packet and the outcome's write: the program gets one fax,
// and the restarted worker records it sent (docs/architecture.md §16).
let stack: TestStack;
let api: Api;
let db: Client;
let dir: string;
let worker: ChildProcess | undefined;

beforeAll(async () => {
  stack = await startStack({ withWorker: false });
  api = apiClient(stack.apiUrl);
  db = await connectDb(stack);
  dir = mkdtempSync(join(tmpdir(), 'rxb-fax-worker-'));
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  await db?.query('DROP TRIGGER IF EXISTS stall_fax_outcome ON application_submissions').catch(() => undefined);
  await db?.end();
  await stack?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('faxes once when the worker is killed after sending and before recording it', async () => {
  worker = await startWorkerProcess(stack.settings, dir);
  const navigator = await newNavigator(stack, api);
  const patient = await readyToSend(stack, api, navigator.token, PROGRAM);
  const id = patient.application.id;
  await driveTo(api, navigator.token, id, 'AWAITING_PRESCRIBER');

  // Recording the outcome stalls, so the kill lands after the email left and before SENT is written.
  await db.query(`CREATE OR REPLACE FUNCTION stall_fax_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_sleep(60); RETURN NEW; END $$`);
  await db.query(`CREATE TRIGGER stall_fax_outcome BEFORE UPDATE ON application_submissions FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION stall_fax_outcome()`);
  const sent = await api.post(`/admin/applications/${id}/submissions`, { channel: 'FAX' }, navigator.token);
  expect(sent.status).toBe(202);
  const address = `${PROGRAM.application.submitTo.fax!.slice(1)}@fax.rxbridge.local`;
  await stack.mail.waitFor((m) => m.to.includes(address), 30_000);
  await eventually(async () => {
    const rows = await db.query(
      `SELECT 1 FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()`,
    );
    return rows.rowCount ? true : undefined;
  }, 'the outcome stalled');
  worker.kill('SIGKILL');
  await new Promise((done) => worker!.once('exit', done));
  await db.query('DROP TRIGGER stall_fax_outcome ON application_submissions');
  await db.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()`,
  );
  const [queued] = (await db.query('SELECT status FROM application_submissions WHERE application_id = $1', [id])).rows;
  expect(queued.status).toBe('QUEUED');

  // The dead worker's job comes back once its lock expires; the restarted worker finds the fax sent and records it.
  worker = await startWorkerProcess(stack.settings, dir);
  await eventually(
    async () => {
      const [row] = (await db.query('SELECT state FROM applications WHERE id = $1', [id])).rows;
      return row.state === 'SUBMITTED' ? true : undefined;
    },
    'the application submitted after the restart',
    60_000,
  );
  await waitForQueuesIdle(stack, 60_000);
  const rows = (await db.query('SELECT status FROM application_submissions WHERE application_id = $1', [id])).rows;
  expect(rows).toEqual([{ status: 'SENT' }]);
  expect(stack.mail.messages().filter((m) => m.to.includes(address))).toHaveLength(1);
}, 240_000);
