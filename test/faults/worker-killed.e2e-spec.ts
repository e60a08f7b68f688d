import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'pg';
import { startStack, type TestStack } from '../support/stack';
import { startWorkerProcess } from '../support/worker-process';
import { apiClient } from '../support/http';
import { eventually, stripeControls } from '../support/billing';
import { waitForQueuesIdle } from '../support/idle';
import { connectDb } from '../records/helpers';
import { move, newNavigator, type Api } from '../applications/helpers';
import { patientAwaitingFirstCharge, subscriptionStatus } from './helpers';

// The worker as a process of its own, SIGKILLed in the middle of a burst of first charges
// (docs/architecture.md §1 Processes, §7 Exactly-once charges).

const PATIENTS = 10;
let stack: TestStack;
let api: Api;
let db: Client;
let dir: string;
let worker: ChildProcess | undefined;

beforeAll(async () => {
  // The reconciliation looks every 5 s at charges PENDING for 10 s: the cut-off ones come back fast.
  stack = await startStack({
    withWorker: false,
    env: { BILLING_RECONCILE_SECONDS: '5', CHARGE_RECONCILE_AFTER_SECONDS: '10' },
  });
  api = apiClient(stack.apiUrl);
  db = await connectDb(stack);
  dir = mkdtempSync(join(tmpdir(), 'rxb-worker-'));
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  await db?.query('DROP TRIGGER IF EXISTS stall_outcome ON payments').catch(() => undefined);
  await db?.end();
  await stack?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('every patient is charged exactly once after the worker is SIGKILLed during a burst of 10 first charges', async () => {
  worker = await startWorkerProcess(stack.settings, dir);
  const navigator = await newNavigator(stack, api);
  const patients: Awaited<ReturnType<typeof patientAwaitingFirstCharge>>[] = [];
  for (let i = 0; i < PATIENTS; i++) patients.push(await patientAwaitingFirstCharge(stack, api, navigator.token));
  await waitForQueuesIdle(stack, 20_000);

  const stripe = stripeControls(stack);
  // Webhooks are lost: only the worker can learn the outcomes.
  await stripe.pause();
  // Recording an outcome stalls, so the kill lands between Stripe's charge and the database write.
  await db.query(`CREATE OR REPLACE FUNCTION stall_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_sleep(60); RETURN NEW; END $$`);
  await db.query(`CREATE TRIGGER stall_outcome BEFORE UPDATE ON payments FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION stall_outcome()`);

  const moves = await Promise.all(
    patients.map((p) => move(api, navigator.token, p.applicationId, 'SHIPMENT_SCHEDULED')),
  );
  expect(moves.map((m) => m.status)).toEqual(patients.map(() => 200));
  const charged = async () =>
    (await Promise.all(patients.map(async (p) => (await stripe.paymentIntents(p.customer)).succeeded))).reduce(
      (a, b) => a + b,
      0,
    );
  await eventually(async () => (await charged()) > 0, 'the first charges at Stripe', 20_000);
  worker.kill('SIGKILL');
  await new Promise((done) => worker!.once('exit', done));

  // The database ends the dead worker's stalled sessions (it notices only when it next talks to them).
  await db.query('DROP TRIGGER stall_outcome ON payments');
  await db.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()`,
  );
  const before = await Promise.all(patients.map((p) => subscriptionStatus(stack, p.subscriptionId)));
  expect(before.filter((s) => s === 'ACTIVE').length).toBeLessThan(PATIENTS);

  worker = await startWorkerProcess(stack.settings, dir);
  // Every patient charged within a minute of the restart.
  await eventually(
    async () =>
      (await Promise.all(patients.map((p) => subscriptionStatus(stack, p.subscriptionId)))).every(
        (status) => status === 'ACTIVE',
      ),
    'every patient charged after the restart',
    60_000,
  );
  await stripe.dropHeld();
  await stripe.resume();
  // The dead worker's jobs stay active until their locks expire and a stalled check moves them
  // back (15 s each, apps/worker/src/queue/queue-workers.ts): then they run, changing nothing.
  await waitForQueuesIdle(stack, 60_000);
  for (const p of patients) {
    expect(await stripe.paymentIntents(p.customer)).toEqual(expect.objectContaining({ count: 1, succeeded: 1 }));
    const payments = await db.query('SELECT status FROM payments WHERE subscription_id = $1', [p.subscriptionId]);
    expect(payments.rows).toEqual([{ status: 'SUCCEEDED' }]);
  }
}, 240_000);
