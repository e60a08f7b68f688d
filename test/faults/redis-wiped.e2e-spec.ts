import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { freePort } from '@rxbridge/local-stack';
import { startPrivateRedis } from '../support/private-redis';
import jwt from 'jsonwebtoken';
import { DataSource } from 'typeorm';
import { askedDay, PAP_CATALOGUE } from '@rxbridge/domain';
import { QUEUES } from '@rxbridge/events';
import { startExtraApi, startStack, type ExtraApi, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { PASSWORD } from '../support/factories';
import { waitForQueuesIdle } from '../support/idle';
import { reconnectingPatientSocket } from '../support/sockets';
import {
  driveTo,
  eventually,
  move,
  newNavigator,
  newPatientWithApplications,
  type Api,
  type ClientSocket,
} from '../applications/helpers';
import { stopProcess } from '../support/processes';

// Redis killed under the running API and worker and started again EMPTY (docs/architecture.md §6
// When Redis loses its data): PostgreSQL is the truth of sessions, timers and work still to do. A
// Redis of this test's own, without persistence, on a free port: the shared one is never touched.

/** The worker's job schedulers (docs/architecture.md §6). */
const SCHEDULERS = ['billing-sweep', 'billing-reconcile', 'document-file-sweep', 'retention-prune'];

let dir: string;
let port: number;
let redis: ChildProcess | undefined;
let stack: TestStack;
let api: Api;
let db: DataSource;
let socket: ClientSocket | undefined;
let extra: ExtraApi | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rxb-redis-wiped-'));
  port = await freePort();
  redis = await startRedis();
  stack = await startStack({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
  api = apiClient(stack.apiUrl);
  db = stack.api.get(DataSource);
}, 60_000);
afterAll(async () => {
  socket?.disconnect();
  await extra?.close();
  await stack?.close();
  redis?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** redis-server keeping nothing on disk: a restart starts empty. */
const startRedis = () => startPrivateRedis(port, ['--dir', dir]);

async function killRedis() {
  const child = redis;
  redis = undefined;
  await stopProcess(child, 'SIGKILL');
}

/** A short-lived connection to this test's Redis. */
async function withRedis<T>(use: (r: Redis, queue: (name: string) => Queue) => Promise<T>): Promise<T> {
  const r = new Redis(stack.settings.REDIS_URL, { maxRetriesPerRequest: 1 });
  const queues: Queue[] = [];
  try {
    return await use(r, (name) => {
      const q = new Queue(name, { connection: r, prefix: stack.settings.REDIS_PREFIX });
      queues.push(q);
      return q;
    });
  } finally {
    await Promise.all(queues.map((q) => q.close()));
    r.disconnect();
  }
}

const unhandledEvents = async () =>
  Number((await db.query(`SELECT count(*) AS n FROM outbox WHERE unhandled_queues <> '{}'`))[0].n);

it('sessions, a pending timer, a relayed job and a move in flight all survive Redis restarting empty', async () => {
  const navigator = await newNavigator(stack, api);
  const patient = await newPatientWithApplications(api, ['Eliquis', 'Ozempic', 'Tradjenta']);
  // Status emails carry their details only to a verified address (docs/product.md §11).
  await db.query(`UPDATE users SET email_verified_at = now() WHERE id = $1`, [patient.id]);
  const [timed, moved, reassigned] = patient.applications;
  const live = await reconnectingPatientSocket(stack.baseUrl, patient.token);
  socket = live.socket;

  // A pending timer: a 30-day supply shipped today is due for a refill in 9 days.
  await driveTo(api, navigator.token, timed.id, 'APPROVED');
  const shipped = await move(api, navigator.token, timed.id, 'SHIPMENT_SCHEDULED', { daysOfSupply: 30 });
  expect(shipped.status).toBe(200);
  expect((await move(api, navigator.token, timed.id, 'DELIVERED')).status).toBe(200);
  const [{ id: shipmentId }] = await db.query(`SELECT id FROM application_shipments WHERE application_id = $1`, [
    timed.id,
  ]);
  await eventually(
    () => withRedis(async (_, queue) => (await queue(QUEUES.timers).getJobState(`refill-${shipmentId}`)) === 'delayed'),
    'the refill timer armed',
  );

  // A navigator's asks of the patient, each email due in 5 minutes (docs/product.md §11): a document marked missing,
  // and another program set, which the patient signs for.
  const otherProgram = PAP_CATALOGUE.find((p) => p.id !== reassigned.program?.id)!;
  const asks = await Promise.all([
    api.post(`/admin/applications/${moved.id}/documents/COVERAGE_DENIAL`, { status: 'MISSING' }, navigator.token),
    api.put(`/admin/applications/${reassigned.id}/program`, { programId: otherProgram.id }, navigator.token),
  ]);
  expect(asks.map((r) => r.status)).toEqual([200, 200]);
  const askedTimers = [moved, reassigned].map((a) => `asked-${a.id}-${askedDay(new Date())}`);
  const askedArmed = () =>
    withRedis(async (_, queue) => {
      const states = await Promise.all(askedTimers.map((id) => queue(QUEUES.timers).getJobState(id)));
      return states.every((state) => state === 'delayed');
    });
  await eventually(askedArmed, 'the asked-documents emails armed');

  // A second session of the patient, ended by a logout.
  const second = await api.post('/users/login', { email: patient.email, password: PASSWORD });
  expect(second.status).toBe(200);
  const ended = second.body.data.token as string;
  expect((await api.post('/users/logout', {}, ended)).status).toBe(200);
  expect((await api.get('/applications', ended)).status).toBe(401);

  // A move relayed to BullMQ whose email job is still waiting when Redis loses it.
  await driveTo(api, navigator.token, moved.id, 'AWAITING_PRESCRIBER');
  await waitForQueuesIdle(stack, 30_000);
  await withRedis((_, queue) => queue(QUEUES.email).pause());
  expect((await move(api, navigator.token, moved.id, 'SUBMITTED')).status).toBe(200);
  await eventually(async () => (await unhandledEvents()) > 0, 'the move relayed, its email job waiting');

  // The navigator's next move is in flight as Redis dies: it commits (its event waits in the
  // outbox) or is refused; nothing in between.
  const [inFlight] = await Promise.all([move(api, navigator.token, moved.id, 'INFO_REQUESTED'), killRedis()]);
  expect([200, 503]).toContain(inFlight.status);
  // The refill's day comes while Redis is away.
  await db.query(`UPDATE application_shipments SET refill_due_at = current_date - 1 WHERE id = $1`, [shipmentId]);
  redis = await startRedis();
  await eventually(async () => (await fetch(`${stack.apiUrl}/health`)).ok, 'the API healthy again', 30_000);

  // Redis holds none of the sessions' idle keys now; the sessions go on all the same.
  const activeKey = (token: string) =>
    `${stack.settings.REDIS_PREFIX}:session-active:${(jwt.decode(token) as { sid: string }).sid}`;
  expect(await withRedis((r) => r.exists(activeKey(patient.token)))).toBe(0);
  const mine = await api.get('/applications', patient.token);
  expect(mine.status).toBe(200);
  expect((await api.get('/admin/applications', navigator.token)).status).toBe(200);
  if (inFlight.status === 503) {
    expect((await move(api, navigator.token, moved.id, 'INFO_REQUESTED')).status).toBe(200);
  }
  // A refresh always asks Redis: the missing key was read from PostgreSQL and set again.
  expect((await api.post('/auth/refresh', { refreshToken: patient.refreshToken })).status).toBe(200);
  expect(await withRedis((r) => r.exists(activeKey(patient.token)))).toBe(1);
  // The logged-out session stays ended, here and on an API process that never heard of it.
  expect((await api.get('/applications', ended)).status).toBe(401);
  extra = await startExtraApi(stack);
  const fresh = apiClient(extra.apiUrl);
  expect((await fresh.get('/applications', ended)).status).toBe(401);
  expect((await fresh.get('/applications', patient.token)).status).toBe(200);

  // The move reaches the patient's socket (pushed, or replayed when the socket reconnects).
  await eventually(
    async () => live.updates.some((u) => u.applicationId === moved.id && u.state === 'INFO_REQUESTED'),
    'the move pushed to the patient',
    30_000,
  );
  // The asked-documents emails are armed again, from the checklist and the timeline, still 5 minutes after the asks.
  await eventually(askedArmed, 'the asked-documents emails armed again', 30_000);
  // The timer is armed again from the database and fires; the lost email job is relayed again.
  await eventually(
    async () =>
      (await api.get('/applications', patient.token)).body.data.applications.find(
        (a: { id: string }) => a.id === timed.id,
      )?.state === 'REFILL_DUE',
    'the refill timer fired',
    30_000,
  );
  await eventually(async () => (await unhandledEvents()) === 0, 'every relayed event handled', 30_000);
  // Every job scheduler is declared again: the sweeps, the reconciliation and the prune go on ticking.
  await eventually(
    () =>
      withRedis(async (_, queue) => {
        const schedulers = [
          ...(await queue(QUEUES.billing).getJobSchedulers()),
          ...(await queue(QUEUES.timers).getJobSchedulers()),
        ];
        return (
          schedulers
            .map((s) => s.key)
            .sort()
            .join() === [...SCHEDULERS].sort().join()
        );
      }),
    'the job schedulers declared again',
  );
  await waitForQueuesIdle(stack, 30_000);

  // Each exactly once.
  const [{ n: refills }] = await db.query(
    `SELECT count(*)::int AS n FROM application_transitions WHERE application_id = $1 AND to_state = 'REFILL_DUE'`,
    [timed.id],
  );
  expect(refills).toBe(1);
  const mails = stack.mail.messages().filter((m) => m.to.includes(patient.email));
  expect(mails.filter((m) => /Your current supply of Eliquis/.test(m.text))).toHaveLength(1);
  for (const state of ['SUBMITTED', 'INFO_REQUESTED']) {
    const [{ id: eventId }] = await db.query(
      `SELECT id FROM outbox WHERE type = 'application.transitioned' AND payload->>'applicationId' = $1
          AND payload->>'toState' = $2`,
      [moved.id, state],
    );
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM processed_effects WHERE key = $1`, [
      `email:${eventId}`,
    ]);
    expect({ state, mailed: n }).toEqual({ state, mailed: 1 });
  }
  const ozempic = mails.filter((m) => /Ozempic/.test(m.text) && m.subject === 'An update on your RxBridge application');
  expect(ozempic.length).toBe(2);
}, 180_000);
