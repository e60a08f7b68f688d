import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { QUEUES } from '@rxbridge/events';
import { createWorker, startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { waitForPushesDelivered } from '../support/sockets';
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

// A move's outbox row carries its push, which the relay publishes as it claims the row, ahead of
// the queues; an event relayed without one is pushed by the worker's handler (docs/architecture.md §8).
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

it('delivers a move to the patient while no job of the applications queue runs, and once when the jobs run', async () => {
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
    // The relay has put the job in the paused queue, where it waits; once it runs (timers), it pushes nothing more.
    await eventually(async () => {
      const counts = await applications.getJobCounts('paused', 'wait');
      return counts.paused + counts.wait > 0;
    }, "the move's job waiting in the paused queue");
    await applications.resume();
    await waitForPushesDelivered(stack, [socket]);
    expect(seen.filter((u) => u.transitionId === transitionId)).toHaveLength(1);
  } finally {
    await applications.resume().catch(() => undefined);
    await applications.close();
    await worker.close();
  }
});

it('has the worker push an event whose row carries no push', async () => {
  const nav = await newNavigator(stack, api);
  const { patient, socket, seen } = await patientWithSocket();
  // No worker runs: the row waits unpublished, and loses its push as a row written before pushes rode along.
  const res = await move(api, nav.token, patient.applications[0].id, 'AWAITING_DOCUMENTS');
  expect(res.status).toBe(200);
  const transitionId = res.body.data.application.timeline.at(-1)!.id;
  const [, updated] = await db.query(
    `UPDATE outbox SET push = NULL WHERE published_at IS NULL AND type = 'application.transitioned' AND payload->>'transitionId' = $1`,
    [transitionId],
  );
  expect(updated).toBe(1);
  const worker = await createWorker(stack.settings);
  try {
    await waitForUpdate(seen, (u) => u.transitionId === transitionId);
    await waitForPushesDelivered(stack, [socket]);
    expect(seen.filter((u) => u.transitionId === transitionId)).toHaveLength(1);
  } finally {
    await worker.close();
  }
});
