import { Redis } from 'ioredis';
import { SOCKET_EVENTS, userRoom, type SocketSubscriptionUpdated } from '@rxbridge/contracts';
import { publishLive } from '@rxbridge/events';
import { liveChannel } from '@rxbridge/platform';
import { startExtraApi, startStack, type ExtraApi, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import {
  connectSocket,
  eventually,
  move,
  newNavigator,
  newPatientWithApplications,
  recordChanges,
  recordUpdates,
  waitForUpdate,
  type ClientSocket,
} from './helpers';

// SOCKET_ADAPTER=sharded: two API processes joined by Redis sharded pub/sub (SSUBSCRIBE/SPUBLISH,
// Redis 7+), and the pushes published for it (docs/architecture.md §11 Scaling out).
let stack: TestStack;
let second: ExtraApi;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  stack = await startStack({ env: { SOCKET_ADAPTER: 'sharded' } });
  second = await startExtraApi(stack);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await second?.close();
  await stack?.close();
});

it("delivers a move made through one API process to the patient's and the navigators' sockets on the other", async () => {
  const api = apiClient(stack.apiUrl);
  const nav = await newNavigator(stack, api);
  const patient = await newPatientWithApplications(api, ['Eliquis']);
  const onSecond = await connectSocket(second.baseUrl, { token: patient.token });
  const navOnSecond = await connectSocket(second.baseUrl, { token: nav.token });
  const onFirst = await connectSocket(stack.baseUrl, { token: patient.token });
  sockets.push(onSecond, navOnSecond, onFirst);
  const [seen, seenOnFirst] = [onSecond, onFirst].map(recordUpdates);
  const navSeen = recordChanges(navOnSecond);

  const res = await move(api, nav.token, patient.applications[0].id, 'AWAITING_DOCUMENTS');
  expect(res.status).toBe(200);
  const transitionId = res.body.data.application.timeline.at(-1)!.id;
  await waitForUpdate(seen, (u) => u.transitionId === transitionId);
  await waitForUpdate(navSeen, (u) => u.transitionId === transitionId);
  await waitForUpdate(seenOnFirst, (u) => u.transitionId === transitionId);
  // The writer's process delivers to its own socket directly; its adapter skips the copy Redis
  // brings back, which would arrive before a push published after it on the room's channel.
  await heardOnItsRoomChannel(onFirst, patient.id, 'barrier');
  expect(seenOnFirst.filter((u) => u.transitionId === transitionId)).toHaveLength(1);
});

it("delivers a push to one room on its room's own channel", async () => {
  const patient = await newPatientWithApplications(apiClient(stack.apiUrl), ['Ozempic']);
  const socket = await connectSocket(second.baseUrl, { token: patient.token });
  sockets.push(socket);
  expect(await heardOnItsRoomChannel(socket, patient.id, 's1')).toEqual({
    subscriptionId: 's1',
    status: 'ACTIVE',
    totalAmount: 4900,
    prescriptionCount: 1,
  });
});

/** Publishes a push to the patient's room as the worker does (its room's own channel); resolves when `socket` heard it. */
async function heardOnItsRoomChannel(socket: ClientSocket, patientId: string, subscriptionId: string) {
  const heard: SocketSubscriptionUpdated[] = [];
  socket.on(SOCKET_EVENTS.subscriptionUpdated, (u) => heard.push(u));
  const redis = new Redis(stack.settings.REDIS_URL);
  try {
    const data = { subscriptionId, status: 'ACTIVE' as const, totalAmount: 4900, prescriptionCount: 1 };
    await publishLive(redis, liveChannel(stack.settings), {
      rooms: [userRoom(patientId)],
      event: SOCKET_EVENTS.subscriptionUpdated,
      data,
    });
    return await eventually(async () => heard.find((u) => u.subscriptionId === subscriptionId), 'the push');
  } finally {
    redis.disconnect();
  }
}
