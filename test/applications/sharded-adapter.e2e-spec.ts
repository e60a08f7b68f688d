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
  const [seen, navSeen, seenOnFirst] = [onSecond, navOnSecond, onFirst].map(recordUpdates);

  const res = await move(api, nav.token, patient.applications[0].id, 'AWAITING_DOCUMENTS');
  expect(res.status).toBe(200);
  const transitionId = res.body.data.application.timeline.at(-1)!.id;
  await waitForUpdate(seen, (u) => u.transitionId === transitionId);
  await waitForUpdate(navSeen, (u) => u.transitionId === transitionId);
  await waitForUpdate(seenOnFirst, (u) => u.transitionId === transitionId);
  // The writer's process delivers to its own socket directly; its adapter skips the copy Redis
  // brings back, which would arrive before a push published after it on the room's channel.
  const barrier: SocketSubscriptionUpdated[] = [];
  onFirst.on(SOCKET_EVENTS.subscriptionUpdated, (u) => barrier.push(u));
  const redis = new Redis(stack.settings.REDIS_URL);
  try {
    const data = { subscriptionId: 'barrier', status: 'ACTIVE' as const, totalAmount: 0, prescriptionCount: 0 };
    await publishLive(redis, liveChannel(stack.settings), {
      rooms: [userRoom(patient.id)],
      event: SOCKET_EVENTS.subscriptionUpdated,
      data,
    });
    await eventually(async () => barrier[0], 'the barrier push');
  } finally {
    redis.disconnect();
  }
  expect(seenOnFirst.filter((u) => u.transitionId === transitionId)).toHaveLength(1);
});

it("delivers a push to one room on its room's own channel", async () => {
  const patient = await newPatientWithApplications(apiClient(stack.apiUrl), ['Ozempic']);
  const socket = await connectSocket(second.baseUrl, { token: patient.token });
  sockets.push(socket);
  const heard: SocketSubscriptionUpdated[] = [];
  socket.on(SOCKET_EVENTS.subscriptionUpdated, (u) => heard.push(u));
  const redis = new Redis(stack.settings.REDIS_URL);
  try {
    const data = { subscriptionId: 's1', status: 'ACTIVE' as const, totalAmount: 4900, prescriptionCount: 1 };
    await publishLive(redis, liveChannel(stack.settings), {
      rooms: [userRoom(patient.id)],
      event: SOCKET_EVENTS.subscriptionUpdated,
      data,
    });
    expect(await eventually(async () => heard[0], 'the push on the room channel')).toEqual(data);
  } finally {
    redis.disconnect();
  }
});
