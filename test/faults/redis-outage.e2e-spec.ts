import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { ApplicationState } from '@rxbridge/contracts';
import { RevokedSessions, startStack, type TestStack } from '../support/stack';
import { freePort } from '@rxbridge/local-stack';
import { startPrivateRedis } from '../support/private-redis';
import { apiClient } from '../support/http';
import { waitForQueuesIdle } from '../support/idle';
import { reconnectingPatientSocket } from '../support/sockets';
import {
  eventually,
  move,
  newNavigator,
  newPatientWithApplications,
  type Api,
  type ClientSocket,
} from '../applications/helpers';
import { stopProcess } from '../support/processes';

// Redis stopped under the running API and worker, then started again (docs/architecture.md §6
// Outages). A Redis of this test's own on a free port: the shared one is never touched.

const MOVES: ApplicationState[] = [
  'AWAITING_DOCUMENTS',
  'AWAITING_PRESCRIBER',
  'SUBMITTED',
  'INFO_REQUESTED',
  'SUBMITTED',
  'APPROVED',
  'SHIPMENT_SCHEDULED',
  'DELIVERED',
  'REFILL_DUE',
  'SHIPMENT_SCHEDULED',
];

let dir: string;
let port: number;
let redis: ChildProcess | undefined;
let stack: TestStack;
let api: Api;
let socket: ClientSocket | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rxb-redis-'));
  port = await freePort();
  redis = await startRedis();
  stack = await startStack({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
  api = apiClient(stack.apiUrl);
}, 60_000);
afterAll(async () => {
  socket?.disconnect();
  await stack?.close();
  redis?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** redis-server with an append-only file, so what it held is there again after a restart. */
const startRedis = () => startPrivateRedis(port, ['--dir', dir, '--appendonly', 'yes']);

async function stopRedis() {
  const child = redis;
  redis = undefined;
  await stopProcess(child, 'SIGTERM');
}

it('with Redis stopped, moves answer 503 instead of hanging; once it is back every state and event reaches the patient, ordered by their time', async () => {
  const navigator = await newNavigator(stack, api);
  const patient = await newPatientWithApplications(api, ['Eliquis']);
  const [application] = patient.applications;
  const live = await reconnectingPatientSocket(stack.baseUrl, patient.token);
  socket = live.socket;
  const { updates } = live;

  const committed: ApplicationState[] = [];
  for (const state of MOVES.slice(0, 3)) {
    expect((await move(api, navigator.token, application.id, state)).status).toBe(200);
    committed.push(state);
  }
  // Redis stops while the fourth move is under way: it either commits (its event waits in the
  // outbox) or is refused; nothing in between.
  const [fourth] = await Promise.all([move(api, navigator.token, application.id, MOVES[3]), stopRedis()]);
  expect([200, 503]).toContain(fourth.status);
  if (fourth.status === 200) committed.push(MOVES[3]);

  // While it is down, the API answers 503 at once (its Redis connections closed, it must ask Redis
  // whether the session was ended, docs/architecture.md §9), and commits nothing.
  const next = MOVES[committed.length];
  const refused = await move(api, navigator.token, application.id, next);
  expect(refused.status).toBe(503);
  expect(refused.body).toMatchObject({ success: false, message: expect.stringMatching(/briefly unavailable/) });
  expect((await fetch(`${stack.apiUrl}/health`)).status).toBe(503);

  redis = await startRedis();
  // The API, the relay and the workers reconnect by themselves.
  await eventually(async () => (await fetch(`${stack.apiUrl}/health`)).ok, 'the API healthy again', 30_000);
  for (const state of MOVES.slice(committed.length)) {
    const res = await move(api, navigator.token, application.id, state);
    expect(res.status).toBe(200);
    committed.push(state);
  }
  expect(committed).toEqual(MOVES);

  // A job the worker held when Redis stopped could not be marked done: it stays active until its lock
  // lapses (15 s) and the next stalled check (every 15 s) hands it out again, so up to 30 s after Redis
  // is back (docs/architecture.md §1).
  await waitForQueuesIdle(stack, 60_000);
  // The API's subscription was lost with Redis: once it was back, the socket was asked to reconnect
  // and was replayed what it missed (a push published before the API resubscribed is lost).
  await eventually(async () => live.serverDisconnects() >= 1, 'the socket asked to reconnect', 15_000);
  const moves = () => updates.filter((u) => u.state !== 'INTAKE');
  await eventually(async () => new Set(moves().map((u) => u.transitionId)).size >= MOVES.length, 'every push', 15_000);
  // Every transition reached the patient once or more, pushed or replayed. Pushes are handled
  // concurrently and a push retried after the outage can arrive after a later one; each carries the
  // time of its change, by which the client orders them (docs/architecture.md §8 Real time). The
  // replay reaches a little further back than asked, so the application's opening may come too.
  const byTransition = [...new Map(moves().map((u) => [u.transitionId, u])).values()];
  byTransition.sort((a, b) => a.at.localeCompare(b.at));
  expect(byTransition.map((u) => u.state)).toEqual(MOVES);
  const res = await api.get('/applications', patient.token);
  expect(res.body.data.applications).toEqual([
    expect.objectContaining({ id: application.id, state: 'SHIPMENT_SCHEDULED' }),
  ]);
}, 180_000);

it('with Redis frozen, a login answers 503 after the command timeout instead of hanging; a move needs no Redis, and its push goes out once it thaws', async () => {
  const patient = await newPatientWithApplications(api, ['Ozempic']);
  const [application] = patient.applications;
  const live = await reconnectingPatientSocket(stack.baseUrl, patient.token);
  socket?.disconnect();
  socket = live.socket;
  // Whether a session was ended is answered from memory only once the API has read the set of ended
  // sessions again after the outage of the test above; until then it asks Redis (docs/architecture.md §9).
  const revoked = stack.api.get(RevokedSessions);
  await eventually(async () => revoked.inSync, 'the API answering from memory whether a session ended', 15_000);
  // Logged in last: the API records a session's activity in Redis at its login and asks again only
  // after a few seconds (docs/architecture.md §9), so the move below is checked in memory however
  // slow the machine was in setting the scene.
  const navigator = await newNavigator(stack, api);
  redis!.kill('SIGSTOP');
  try {
    // The move asks nothing of Redis (its session was checked in memory, its event waits in the
    // outbox in PostgreSQL): it commits.
    expect((await move(api, navigator.token, application.id, 'AWAITING_DOCUMENTS')).status).toBe(200);
    // Redis does not answer, yet its connections look open: the login's rate limit waits for the
    // one-second command timeout, then answers 503.
    const login = await fetch(`${stack.apiUrl}/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: navigator.email, password: 'any password: the limit comes first' }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(login.status).toBe(503);
  } finally {
    redis!.kill('SIGCONT');
  }
  await eventually(
    async () => live.updates.some((u) => u.state === 'AWAITING_DOCUMENTS'),
    'the move pushed to the patient',
    30_000,
  );
  await waitForQueuesIdle(stack, 30_000);
  const res = await api.get('/applications', patient.token);
  expect(res.body.data.applications).toEqual([
    expect.objectContaining({ id: application.id, state: 'AWAITING_DOCUMENTS' }),
  ]);
}, 120_000);

it('with Redis frozen, disabling a navigator is answered as done (it committed): the database check ends their token', async () => {
  const revoked = stack.api.get(RevokedSessions);
  await eventually(async () => revoked.inSync, 'the API answering from memory whether a session ended', 15_000);
  // Both logged in last: their activity was recorded in Redis at login, so their next requests ask nothing of it.
  const navigator = await newNavigator(stack, api);
  const admin = await newNavigator(stack, api, 'ADMIN');
  redis!.kill('SIGSTOP');
  let disabled: Awaited<ReturnType<typeof api.put<{ staff: { disabledAt: string | null } }>>>;
  try {
    // The disable and the ending of the navigator's sessions commit; only their announcement to the other API
    // processes through Redis fails (docs/architecture.md §9): a 503 "nothing was written" would be untrue.
    disabled = await api.put<{ staff: { disabledAt: string | null } }>(
      `/admin/staff/${navigator.id}`,
      { disabled: true },
      admin.token,
    );
  } finally {
    redis!.kill('SIGCONT');
  }
  expect(disabled.status).toBe(200);
  expect(disabled.body.data.staff.disabledAt).toEqual(expect.any(String));
  await eventually(
    async () => (await api.get('/admin/applications', navigator.token)).status === 401,
    "the navigator's token refused",
    15_000,
  );
}, 60_000);

it('a resubscription Redis does not confirm at once is asked again until it does, and the API answers from memory again', async () => {
  const revoked = stack.api.get(RevokedSessions);
  await eventually(async () => revoked.inSync, 'the API answering from memory whether a session ended', 15_000);
  const admin = new Redis(port, '127.0.0.1');
  try {
    await admin.call('ACL', 'LOG', 'RESET');
    // Redis refuses the PING that confirms a resubscription, on a connection that stays open: no
    // 'close' and 'ready' follow that would try again (docs/architecture.md §6 Outages).
    await admin.call('ACL', 'SETUSER', 'default', '-ping');
    const clients = (await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
    const subscriber = clients.split('\n').find((line) => /name=\S*:revoked-sessions /.test(line));
    await admin.call('CLIENT', 'KILL', 'ID', /id=(\d+)/.exec(subscriber ?? '')![1]);
    // ACL LOG folds repeated refusals of one command into one entry, which names the last client refused.
    const refusedSubscriber = async () =>
      ((await admin.call('ACL', 'LOG')) as unknown[][])
        .map((entry) => Object.fromEntries(pairs(entry)))
        .some((entry) => entry.object === 'ping' && /name=\S*:revoked-sessions /.test(String(entry['client-info'])));
    await eventually(refusedSubscriber, "the subscriber's confirming PING refused", 15_000);
    expect(revoked.inSync).toBe(false);
  } finally {
    await admin.call('ACL', 'SETUSER', 'default', '+ping');
    admin.disconnect();
  }
  await eventually(async () => revoked.inSync, 'the API answering from memory again', 15_000);
}, 60_000);

/** A flat [key, value, key, value, …] reply as pairs. */
function pairs(flat: unknown[]): [unknown, unknown][] {
  return Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i], flat[2 * i + 1]]);
}
