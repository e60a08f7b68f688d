import { Queue } from 'bullmq';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { QUEUES, WriterPushes, type LivePush } from '@rxbridge/events';
import { createWorker, startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { waitForPushesDelivered } from '../support/sockets';
import { waitForQueuesIdle } from '../support/idle';
import {
  connectSocket,
  eventually,
  move,
  newNavigator,
  newPatientWithApplications,
  recordUpdates,
  waitForUpdate,
  type Api,
  type ClientSocket,
} from './helpers';

// Every change's push rides on its outbox row and is published by the row's writer right after its
// commit; the relay publishes it only if the writer has not within its grace (docs/architecture.md §8).
let stack: TestStack;
let api: Api;
let db: DataSource;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  stack = await startStack({ withWorker: false });
  api = apiClient(stack.apiUrl);
  db = stack.api.get(DataSource);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await stack?.close();
});

/** A patient whose application a worker opened, and a socket of theirs recording its updates. */
async function patientWithSocket() {
  const worker = await createWorker(stack.settings);
  try {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const socket = await connectSocket(stack.baseUrl, { token: patient.token });
    sockets.push(socket);
    return { patient, socket, seen: recordUpdates(socket) };
  } finally {
    await worker.close();
  }
}

it('delivers a move to the patient while no job of the applications queue runs, once, marks its row pushed and puts no job on that queue', async () => {
  const nav = await newNavigator(stack, api);
  const { patient, socket, seen } = await patientWithSocket();
  const applications = new Queue(QUEUES.applications, {
    connection: { url: stack.settings.REDIS_URL },
    prefix: stack.settings.REDIS_PREFIX,
  });
  const worker = await createWorker(stack.settings);
  try {
    // Workers take no job from a paused queue: only the relay can deliver the push now.
    await applications.pause();
    const res = await move(api, nav.token, patient.applications[0].id, 'AWAITING_DOCUMENTS');
    expect(res.status).toBe(200);
    const transitionId = res.body.data.application.timeline.at(-1)!.id;
    const update = await waitForUpdate(seen, (u) => u.transitionId === transitionId);
    expect(update).toMatchObject({
      applicationId: patient.applications[0].id,
      userId: patient.id,
      medication: 'Eliquis',
      state: 'AWAITING_DOCUMENTS',
      previousState: 'INTAKE',
    });
    // Relayed, the event is not put on the applications queue: its push is out and the move arms no timer.
    const relayed = async () =>
      (
        await db.query(`SELECT id FROM outbox WHERE payload->>'transitionId' = $1 AND published_at IS NOT NULL`, [
          transitionId,
        ])
      )[0] as { id: string } | undefined;
    await eventually(async () => Boolean(await relayed()), 'the move relayed');
    expect(await applications.getJob((await relayed())!.id)).toBeUndefined();
    await applications.resume();
    await waitForPushesDelivered(stack, [socket]);
    expect(seen.filter((u) => u.transitionId === transitionId)).toHaveLength(1);
    // The writer marks its pushes a few at a time, a moment after publishing them.
    const row = async () =>
      (
        await db.query(
          `SELECT pushed_at IS NOT NULL AS pushed, push_after IS NOT NULL AS by_writer FROM outbox WHERE payload->>'transitionId' = $1`,
          [transitionId],
        )
      )[0];
    await eventually(async () => (await row()).pushed, 'the push marked by its writer');
    expect(await row()).toEqual({ pushed: true, by_writer: true });
  } finally {
    await applications.resume().catch(() => undefined);
    await applications.close();
    await worker.close();
  }
});

it('pushes a change that leaves the state as it is (a program set) from its writer, with no worker running', async () => {
  const nav = await newNavigator(stack, api);
  const { patient, seen } = await patientWithSocket();
  // No worker runs: no relay, no handler. Only the API, the row's writer, can publish the push.
  const res = await api.put<{ application: { timeline: { id: string }[] } }>(
    `/admin/applications/${patient.applications[0].id}/program`,
    { programId: 'lilly-cares' },
    nav.token,
  );
  expect(res.status).toBe(200);
  const transitionId = res.body.data.application.timeline.at(-1)!.id;
  expect(await waitForUpdate(seen, (u) => u.transitionId === transitionId)).toMatchObject({
    applicationId: patient.applications[0].id,
    state: 'INTAKE',
    previousState: 'INTAKE',
  });
  // Marked pushed by its writer, and never relayed: the relay's fallback has nothing to do.
  await eventually(
    async () =>
      (
        await db.query(
          `SELECT pushed_at IS NOT NULL AS pushed FROM outbox WHERE type = 'application.program_set' AND payload->>'transitionId' = $1`,
          [transitionId],
        )
      )[0].pushed,
    'the push marked by its writer',
  );
  expect(seen.filter((u) => u.transitionId === transitionId)).toHaveLength(1);
});

it('publishes the push of a move whose API died before pushing it: at the claim, or after the grace', async () => {
  const nav = await newNavigator(stack, api);
  const { patient, socket, seen } = await patientWithSocket();
  const count = (id: string) => seen.filter((u) => u.transitionId === id).length;
  const moveAndForgetItsPush = async (to: 'AWAITING_DOCUMENTS' | 'AWAITING_PRESCRIBER', published: boolean) => {
    const res = await move(api, nav.token, patient.applications[0].id, to);
    expect(res.status).toBe(200);
    const transitionId = res.body.data.application.timeline.at(-1)!.id as string;
    await waitForUpdate(seen, (u) => u.transitionId === transitionId);
    // As if the API had been killed between its commit and its push: nothing marked, the grace over.
    await eventually(async () => {
      const [row] = await db.query(
        `SELECT published_at IS NOT NULL AS published, pushed_at IS NOT NULL AS pushed FROM outbox WHERE payload->>'transitionId' = $1`,
        [transitionId],
      );
      return row.pushed && row.published === published;
    }, 'the move relayed as expected');
    await db.query(
      `UPDATE outbox SET pushed_at = NULL, push_after = now() - interval '1 second' WHERE payload->>'transitionId' = $1`,
      [transitionId],
    );
    return transitionId;
  };
  // Not relayed yet (no worker): the relay publishes the push as it claims the row.
  const atClaim = await moveAndForgetItsPush('AWAITING_DOCUMENTS', false);
  const worker = await createWorker(stack.settings);
  try {
    await eventually(async () => count(atClaim) === 2, 'the push published at the claim');
    // Relayed already (its jobs enqueued): the relay's poll finds the push no one published.
    await waitForQueuesIdle(stack);
    const afterGrace = await moveAndForgetItsPush('AWAITING_PRESCRIBER', true);
    await eventually(async () => count(afterGrace) === 2, 'the stranded push published on the poll');
    await waitForPushesDelivered(stack, [socket]);
    expect([count(atClaim), count(afterGrace)]).toEqual([2, 2]);
    const [marked] = await db.query(
      `SELECT count(*)::int AS n FROM outbox WHERE payload->>'transitionId' = ANY($1) AND pushed_at IS NOT NULL`,
      [[atClaim, afterGrace]],
    );
    expect(marked.n).toBe(2);
  } finally {
    await worker.close();
  }
});

it('marks a published push without waiting on a row the relay holds, once the relay lets go', async () => {
  const nav = await newNavigator(stack, api);
  const { patient, seen } = await patientWithSocket();
  const res = await move(api, nav.token, patient.applications[0].id, 'AWAITING_DOCUMENTS');
  expect(res.status).toBe(200);
  const transitionId = res.body.data.application.timeline.at(-1)!.id as string;
  await waitForUpdate(seen, (u) => u.transitionId === transitionId);
  const pushed = async () =>
    (await db.query(
      `SELECT id, push, pushed_at IS NOT NULL AS pushed FROM outbox WHERE payload->>'transitionId' = $1`,
      [transitionId],
    )) as { id: string; push: LivePush; pushed: boolean }[];
  await eventually(async () => (await pushed())[0].pushed, 'the push marked by its writer');
  const [row] = await pushed();
  await db.query(`UPDATE outbox SET pushed_at = NULL WHERE id = $1`, [row.id]);

  // The relay's hold, between its claim and its commit; the writer publishes the push meanwhile.
  // The backends are watched from a connection of their own: one of the API's pool could be the
  // very connection whose last statement was the mark.
  const relay = new Client({ connectionString: stack.settings.DATABASE_URL });
  const observer = new Client({ connectionString: stack.settings.DATABASE_URL });
  await relay.connect();
  await observer.connect();
  try {
    await relay.query('BEGIN');
    await relay.query(`SELECT id FROM outbox WHERE id = $1 FOR UPDATE`, [row.id]);
    const writer = WriterPushes.of(db)!;
    writer.publish(row.id, row.push);
    // Its mark has run and is not waiting on the lock: it tries again while the row is held.
    const marking = async () =>
      (
        await observer.query<{ state: string }>(
          `SELECT state FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'WITH marked AS%'`,
        )
      ).rows;
    await eventually(async () => (await marking()).some((b) => b.state === 'idle'), 'the writer to try its mark');
    const {
      rows: [{ waiting }],
    } = await observer.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    expect(waiting).toBe(0);
    expect((await pushed())[0].pushed).toBe(false);
    await relay.query('COMMIT');
    await writer.settled();
    expect((await pushed())[0].pushed).toBe(true);
  } finally {
    await relay.end();
    await observer.end();
  }
});
