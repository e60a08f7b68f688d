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
import { driveTo, move, newNavigator, type Api } from '../applications/helpers';
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
beforeEach(async () => {
  worker = await startWorkerProcess(stack.settings, dir);
});
afterEach(() => killWorker());

async function killWorker() {
  if (!worker || worker.exitCode !== null || worker.signalCode !== null) return;
  const exited = new Promise((done) => worker!.once('exit', done));
  worker.kill('SIGKILL');
  await exited;
}

/** Recording the outcome stalls, so the kill lands after the email left and before SENT is written. */
async function faxThenKill(token: string, id: string): Promise<string> {
  await db.query(`CREATE OR REPLACE FUNCTION stall_fax_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_sleep(60); RETURN NEW; END $$`);
  await db.query(`CREATE TRIGGER stall_fax_outcome BEFORE UPDATE ON application_submissions FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION stall_fax_outcome()`);
  const address = `${PROGRAM.application.submitTo.fax!.slice(1)}@fax.rxbridge.local`;
  const before = stack.mail.messages().filter((m) => m.to.includes(address)).length;
  const sent = await api.post(`/admin/applications/${id}/submissions`, { channel: 'FAX' }, token);
  expect(sent.status).toBe(202);
  await eventually(
    async () => (stack.mail.messages().filter((m) => m.to.includes(address)).length > before ? true : undefined),
    'the fax sent',
    30_000,
  );
  await eventually(async () => {
    const rows = await db.query(
      `SELECT 1 FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()`,
    );
    return rows.rowCount ? true : undefined;
  }, 'the outcome stalled');
  await killWorker();
  await db.query('DROP TRIGGER stall_fax_outcome ON application_submissions');
  await db.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()`,
  );
  const [queued] = (await db.query('SELECT status FROM application_submissions WHERE application_id = $1', [id])).rows;
  expect(queued.status).toBe('QUEUED');
  return address;
}

/** The dead worker's job comes back once its lock expires, to a restarted worker; resolves with its outcome. */
async function restartedOutcome(id: string): Promise<{ status: string; failure_reason: string | null }[]> {
  worker = await startWorkerProcess(stack.settings, dir);
  await eventually(
    async () => {
      const q = `SELECT 1 FROM application_submissions WHERE application_id = $1 AND status <> 'QUEUED'`;
      return (await db.query(q, [id])).rowCount ? true : undefined;
    },
    'the outcome recorded after the restart',
    60_000,
  );
  await waitForQueuesIdle(stack, 60_000);
  const q = 'SELECT status, failure_reason FROM application_submissions WHERE application_id = $1';
  return (await db.query(q, [id])).rows;
}

it('faxes once when the worker is killed after sending and before recording it', async () => {
  const navigator = await newNavigator(stack, api);
  const patient = await readyToSend(stack, api, navigator.token, PROGRAM);
  const id = patient.application.id;
  await driveTo(api, navigator.token, id, 'AWAITING_PRESCRIBER');
  const address = await faxThenKill(navigator.token, id);

  expect(await restartedOutcome(id)).toEqual([{ status: 'SENT', failure_reason: null }]);
  const [row] = (await db.query('SELECT state FROM applications WHERE id = $1', [id])).rows;
  expect(row.state).toBe('SUBMITTED');
  expect(stack.mail.messages().filter((m) => m.to.includes(address))).toHaveLength(1);
}, 240_000);

it('records the fax sent when the packet changed between the kill and the restart, and sends no second one', async () => {
  const navigator = await newNavigator(stack, api);
  const patient = await readyToSend(stack, api, navigator.token, PROGRAM);
  const id = patient.application.id;
  await driveTo(api, navigator.token, id, 'AWAITING_PRESCRIBER');
  const address = await faxThenKill(navigator.token, id);
  const faxes = stack.mail.messages().filter((m) => m.to.includes(address)).length;

  // The patient's phone changes: the signatures no longer cover the packet, whose fax went all the same.
  expect((await api.put('/users/profile', { phone: '(555) 222-3333' }, patient.token)).status).toBe(200);
  expect(await restartedOutcome(id)).toEqual([{ status: 'SENT', failure_reason: null }]);
  const [submission] = (await db.query('SELECT id FROM application_submissions WHERE application_id = $1', [id])).rows;
  const retry = await api.post(`/admin/applications/${id}/submissions/${submission.id}/retry`, {}, navigator.token);
  expect(retry.status).toBe(409);
  await waitForQueuesIdle(stack, 60_000);
  expect(stack.mail.messages().filter((m) => m.to.includes(address))).toHaveLength(faxes);
}, 240_000);

it('a fax recorded sent after the case was cancelled meanwhile tells the screens, as a failed one does', async () => {
  const navigator = await newNavigator(stack, api);
  const patient = await readyToSend(stack, api, navigator.token, PROGRAM);
  const id = patient.application.id;
  await driveTo(api, navigator.token, id, 'AWAITING_PRESCRIBER');
  await faxThenKill(navigator.token, id);
  expect((await move(api, navigator.token, id, 'CANCELLED')).status).toBe(200);
  const told = async () =>
    (
      await db.query(
        `SELECT count(*)::int AS n FROM outbox WHERE type = 'application.submission_updated' AND user_id = $1`,
        [patient.id],
      )
    ).rows[0].n as number;
  expect(await told()).toBe(0);

  // The cancelled case keeps its state; the panel, which read it while the fax was still Sending, hears of it.
  expect(await restartedOutcome(id)).toEqual([{ status: 'SENT', failure_reason: null }]);
  const [row] = (await db.query('SELECT state FROM applications WHERE id = $1', [id])).rows;
  expect(row.state).toBe('CANCELLED');
  expect(await told()).toBe(1);
}, 240_000);

// The packet is read and rendered before the ledger's transaction takes its connection (docs/architecture.md §11):
// a worker whose pool has one connection still sends, where reading inside the transaction waited forever.
it('faxes from a worker with a pool of one connection', async () => {
  const navigator = await newNavigator(stack, api);
  const patient = await readyToSend(stack, api, navigator.token, PROGRAM);
  const id = patient.application.id;
  await driveTo(api, navigator.token, id, 'AWAITING_PRESCRIBER');
  await waitForQueuesIdle(stack, 60_000);
  await killWorker();
  worker = await startWorkerProcess(stack.settings, dir, { DATABASE_POOL_SIZE: '1', QUEUE_CONCURRENCY_EMAIL: '1' });

  expect((await api.post(`/admin/applications/${id}/submissions`, { channel: 'FAX' }, navigator.token)).status).toBe(
    202,
  );
  await eventually(
    async () => {
      const [row] = (await db.query('SELECT status FROM application_submissions WHERE application_id = $1', [id])).rows;
      return row.status === 'QUEUED' ? undefined : row.status;
    },
    'the fax sent',
    30_000,
  ).then((status) => expect(status).toBe('SENT'));
}, 240_000);
