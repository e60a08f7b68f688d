import type { ChildProcess } from 'node:child_process';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { freePort } from '@rxbridge/local-stack';
import { askedDay } from '@rxbridge/domain';
import { QUEUES } from '@rxbridge/events';
import { startPrivateRedis } from '../support/private-redis';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { driveTo, eventually, move, newNavigator, newPatientWithApplications, type Api } from '../applications/helpers';
import { stopProcess } from '../support/processes';
import { waitForQueuesIdle } from '../support/idle';

// Redis wiped by FLUSHALL under the running worker, its connection never lost (docs/architecture.md §6
// When Redis loses its data): no reconnect announces it, the worker finds its rebuild's mark gone and
// rebuilds. A Redis of this test's own on a free port: the shared one is never touched.

/** The worker's job schedulers (docs/architecture.md §6). */
const SCHEDULERS = ['billing-reconcile', 'billing-sweep', 'document-file-sweep', 'retention-prune'];

let redisServer: ChildProcess | undefined;
let redis: Redis;
let stack: TestStack;
let api: Api;
/** This test's handles on the worker's queues. */
let queue: Record<'timers' | 'billing' | 'email', Queue>;

beforeAll(async () => {
  const port = await freePort();
  redisServer = await startPrivateRedis(port);
  stack = await startStack({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
  api = apiClient(stack.apiUrl);
  redis = new Redis(stack.settings.REDIS_URL);
  const open = (name: string) => new Queue(name, { connection: redis, prefix: stack.settings.REDIS_PREFIX });
  queue = { timers: open(QUEUES.timers), billing: open(QUEUES.billing), email: open(QUEUES.email) };
}, 60_000);
afterAll(async () => {
  await Promise.all(Object.values(queue ?? {}).map((q) => q.close()));
  redis?.disconnect();
  await stack?.close();
  await stopProcess(redisServer, 'SIGKILL');
});

const schedulersDeclared = async () => {
  const all = [...(await queue.timers.getJobSchedulers()), ...(await queue.billing.getJobSchedulers())];
  return (
    all
      .map((s) => s.key)
      .sort()
      .join() === SCHEDULERS.join()
  );
};

const unhandledEvents = async (db: DataSource) =>
  Number((await db.query(`SELECT count(*) AS n FROM outbox WHERE unhandled_queues <> '{}'`))[0].n);

const delayed = async (jobIds: string[]) => {
  const states = await Promise.all(jobIds.map((id) => queue.timers.getJobState(id)));
  return states.every((state) => state === 'delayed');
};

it('declares the schedulers, arms the timers and relays the waiting jobs again after a FLUSHALL, without a restart', async () => {
  const db = stack.api.get(DataSource);
  const navigator = await newNavigator(stack, api);
  const patient = await newPatientWithApplications(api, ['Eliquis', 'Ozempic', 'Tradjenta']);
  const [shipped, asked, moved] = patient.applications;

  // A refill due in 9 days (a 30-day supply delivered today) and an asked-documents email due in 5 minutes.
  await driveTo(api, navigator.token, shipped.id, 'APPROVED');
  expect((await move(api, navigator.token, shipped.id, 'SHIPMENT_SCHEDULED', { daysOfSupply: 30 })).status).toBe(200);
  expect((await move(api, navigator.token, shipped.id, 'DELIVERED')).status).toBe(200);
  const marked = await api.post(
    `/admin/applications/${asked.id}/documents/COVERAGE_DENIAL`,
    { status: 'MISSING' },
    navigator.token,
  );
  expect(marked.status).toBe(200);
  const [{ id: shipmentId }] = await db.query(`SELECT id FROM application_shipments WHERE application_id = $1`, [
    shipped.id,
  ]);
  const timerIds = [`refill-${shipmentId}`, `asked-${asked.id}-${askedDay(new Date())}`];
  await eventually(() => delayed(timerIds), 'the timers armed');
  await eventually(schedulersDeclared, 'the job schedulers declared');
  // A move relayed to BullMQ whose email job still waits when Redis loses it.
  await driveTo(api, navigator.token, moved.id, 'AWAITING_PRESCRIBER');
  await waitForQueuesIdle(stack, 30_000);
  await queue.email.pause();
  expect((await move(api, navigator.token, moved.id, 'SUBMITTED')).status).toBe(200);
  await eventually(async () => (await unhandledEvents(db)) > 0, 'the move relayed, its email job waiting');

  // Wiped, and seen empty in the same breath (the worker may rebuild at any moment after).
  expect(await redis.multi().flushall().dbsize().exec()).toEqual([
    [null, 'OK'],
    [null, 0],
  ]);

  await eventually(schedulersDeclared, 'the job schedulers declared again', 30_000);
  await eventually(() => delayed(timerIds), 'the timers armed again', 30_000);
  await eventually(async () => (await unhandledEvents(db)) === 0, 'the waiting job relayed again and handled', 30_000);
}, 120_000);
