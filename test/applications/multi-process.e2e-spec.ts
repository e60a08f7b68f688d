import { startExtraApi, startStack, type ExtraApi, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import {
  connectSocket,
  move,
  newNavigator,
  newPatientWithApplications,
  recordChanges,
  recordUpdates,
  waitForUpdate,
  type Api,
  type ClientSocket,
} from './helpers';
import { waitForQueuesIdle } from '../support/idle';
import { waitForPushesDelivered } from '../support/sockets';

// Two API processes and one worker on one database and Redis, as behind a load balancer.
let stack: TestStack;
let second: ExtraApi;
let api1: Api;
let api2: Api;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  stack = await startStack();
  second = await startExtraApi(stack);
  api1 = apiClient(stack.apiUrl);
  api2 = apiClient(second.apiUrl);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await second?.close();
  await stack?.close();
});

it('delivers a move made through API #1 to sockets on API #2 (and on #1), and only to their owner', async () => {
  const nav = await newNavigator(stack, api1);
  const patient = await newPatientWithApplications(api1, ['Eliquis']);
  const other = await newPatientWithApplications(api2, ['Ozempic']);
  const on2 = await connectSocket(second.baseUrl, { token: patient.token });
  const on1 = await connectSocket(stack.baseUrl, { token: patient.token });
  const otherOn2 = await connectSocket(second.baseUrl, { token: other.token });
  const navOn2 = await connectSocket(second.baseUrl, { token: nav.token });
  sockets.push(on2, on1, otherOn2, navOn2);
  const [seen2, seen1, otherSeen] = [on2, on1, otherOn2].map(recordUpdates);
  const navSeen = recordChanges(navOn2);

  const res = await move(api1, nav.token, patient.applications[0].id, 'AWAITING_DOCUMENTS');
  expect(res.status).toBe(200);
  const transitionId = res.body.data.application.timeline.at(-1)!.id;
  await waitForUpdate(seen2, (u) => u.transitionId === transitionId, 1000);
  await waitForUpdate(seen1, (u) => u.transitionId === transitionId, 1000);
  await waitForUpdate(navSeen, (u) => u.transitionId === transitionId, 1000);
  await waitForPushesDelivered(stack, [otherOn2, on2, on1]);
  expect(otherSeen).toEqual([]);
  // Each socket gets the push once, whichever process it is on: API #1 hands it to its own sockets
  // directly and its adapter skips the copy Redis brings back.
  expect(seen2.filter((u) => u.transitionId === transitionId)).toHaveLength(1);
  expect(seen1.filter((u) => u.transitionId === transitionId)).toHaveLength(1);
});

it('catches up a socket that reconnects to the other process', async () => {
  const nav = await newNavigator(stack, api2);
  const patient = await newPatientWithApplications(api2, ['Humira']);
  const since = new Date().toISOString();
  const res = await move(api2, nav.token, patient.applications[0].id, 'AWAITING_DOCUMENTS');
  // The live push has gone out before the socket connects: what it gets is the catch-up.
  await waitForQueuesIdle(stack);
  const socket = await connectSocket(stack.baseUrl, { token: patient.token, since });
  sockets.push(socket);
  const seen = recordUpdates(socket);
  await waitForUpdate(seen, (u) => u.transitionId === res.body.data.application.timeline.at(-1)!.id);
});
