import { Redis } from 'ioredis';
import { liveChannel } from '@rxbridge/platform';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import {
  connectSocket,
  driveTo,
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
import { eventually } from '../support/wait';
import { waitForPushesDelivered } from '../support/sockets';

let stack: TestStack;
let api: Api;
let nav: { token: string; id: string };
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  nav = await newNavigator(stack, api);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(async () => {
  await stack?.close();
});

async function open(auth: Record<string, unknown> | undefined) {
  const socket = await connectSocket(stack.baseUrl, auth);
  sockets.push(socket);
  return socket;
}

describe('live updates', () => {
  it("pushes a navigator's move to that patient's socket within a second, and to no other patient", async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const other = await newPatientWithApplications(api, ['Ozempic']);
    const mine = recordUpdates(await open({ token: patient.token }));
    const theirSocket = await open({ token: other.token });
    const theirs = recordUpdates(theirSocket);
    const navSocket = await open({ token: nav.token });
    const navigatorsWhole = recordUpdates(navSocket);
    const navigators = recordChanges(navSocket);
    const app = patient.applications[0];

    const res = await move(api, nav.token, app.id, 'AWAITING_DOCUMENTS');
    expect(res.status).toBe(200);
    // The latency target is measured by `npm run bench` (bench/sockets.ts), not asserted here.
    const update = await waitForUpdate(mine, (u) => u.state === 'AWAITING_DOCUMENTS', 5000);
    const transitionId = res.body.data.application.timeline.at(-1)!.id;
    expect(update).toEqual({
      applicationId: app.id,
      userId: patient.id,
      prescriptionId: app.prescriptionId,
      medication: 'Eliquis',
      state: 'AWAITING_DOCUMENTS',
      stateLabel: 'Awaiting documents',
      nextStep: expect.stringMatching(/upload the documents/),
      previousState: 'INTAKE',
      transitionId,
      at: res.body.data.application.timeline.at(-1)!.at,
    });
    // The navigators' room hears ids only: what the console shows it reads through the audited API.
    expect(await waitForUpdate(navigators, (u) => u.transitionId === transitionId, 1000)).toEqual({
      applicationId: app.id,
      userId: patient.id,
      transitionId,
      opened: false,
    });
    await waitForPushesDelivered(stack, [theirSocket, navSocket]);
    expect(theirs).toEqual([]);
    expect(navigatorsWhole).toEqual([]);
  });

  it("tells the navigators' room of a newly opened application by its ids alone, never its medication", async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const navSocket = await open({ token: nav.token });
    const navigatorsWhole = recordUpdates(navSocket);
    const navigators = recordChanges(navSocket);
    const added = await api.post(
      '/prescriptions/bulk',
      [{ medication: 'Trelegy Ellipta', dosage: '1 inhalation', frequency: 'Once daily' }],
      patient.token,
    );
    expect(added.status).toBe(201);
    const opened = await waitForUpdate(navigators, (u) => u.userId === patient.id && u.opened);
    expect(Object.keys(opened).sort()).toEqual(['applicationId', 'opened', 'transitionId', 'userId']);
    expect(JSON.stringify(navigators)).not.toMatch(/Trelegy|Eliquis/);
    await waitForPushesDelivered(stack, [navSocket]);
    expect(navigatorsWhole).toEqual([]);
  });

  it('pushes checklist changes too', async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const mine = recordUpdates(await open({ token: patient.token }));
    const app = patient.applications[0];
    await api.post(`/admin/applications/${app.id}/documents/PRESCRIBER_FORM`, { status: 'RECEIVED' }, nav.token);
    const update = await waitForUpdate(mine, (u) => u.applicationId === app.id);
    expect(update).toMatchObject({ state: 'INTAKE', previousState: 'INTAKE', transitionId: null });
  });

  it('tells the patient when a new application opens', async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const mine = recordUpdates(await open({ token: patient.token }));
    await api.post(
      '/prescriptions/bulk',
      [{ medication: 'Humira', dosage: '40 mg', frequency: 'Weekly' }],
      patient.token,
    );
    const update = await waitForUpdate(mine, (u) => u.medication === 'Humira');
    expect(update).toMatchObject({ state: 'INTAKE', previousState: null, stateLabel: 'Intake' });
  });

  it.each([
    ['no token', undefined],
    ['an empty token', { token: '' }],
    ['a forged token', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' }],
  ])('refuses a socket with %s', async (_what, auth) => {
    await expect(connectSocket(stack.baseUrl, auth)).rejects.toThrow('unauthorized');
  });

  it('disconnects the open socket of a session that logs out', async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const socket = await open({ token: patient.token });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await api.post('/users/logout', {}, patient.token)).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

  it('refuses the token of a session that logged out', async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    expect((await api.post('/users/logout', {}, patient.token)).status).toBe(200);
    await expect(connectSocket(stack.baseUrl, { token: patient.token })).rejects.toThrow('unauthorized');
  });

  it('catches a reconnecting socket up on what happened while it was away', async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const app = patient.applications[0];
    const first = await open({ token: patient.token });
    const seen = recordUpdates(first);
    await move(api, nav.token, app.id, 'AWAITING_DOCUMENTS');
    const last = await waitForUpdate(seen, (u) => u.state === 'AWAITING_DOCUMENTS');
    first.close();

    const away1 = await move(api, nav.token, app.id, 'AWAITING_PRESCRIBER');
    const away2 = await move(api, nav.token, app.id, 'SUBMITTED');
    // Their live pushes have gone out before the socket reconnects: what it gets is the catch-up.
    await waitForQueuesIdle(stack);

    // What Socket.IO publishes for every API process, from here on (docs/architecture.md §8).
    const published: string[] = [];
    const subscriber = new Redis(stack.settings.REDIS_URL);
    subscriber.on('pmessage', (_pattern, channel) => published.push(channel));
    await subscriber.psubscribe(`${liveChannel(stack.settings).key}*`);

    const again = await connectSocket(stack.baseUrl, { token: patient.token, since: last.at });
    sockets.push(again);
    const replayed = recordUpdates(again);
    await waitForUpdate(replayed, (u) => u.state === 'SUBMITTED');
    // The catch-up is this socket's alone: it goes to it, not through Redis to every API process. A move
    // after it is published there (for the other processes' sockets): once it is heard, nothing of the
    // replay was.
    await move(api, nav.token, app.id, 'INFO_REQUESTED');
    await eventually(async () => published.length > 0, 'the move published through Redis');
    subscriber.disconnect();
    expect(published.filter((channel) => channel.includes(again.id!))).toEqual([]);
    const ids = replayed.map((u) => u.transitionId);
    // In order; what the client already had may come again (it drops repeats by transitionId).
    expect(ids.indexOf(away1.body.data.application.timeline.at(-1)!.id)).toBeLessThan(
      ids.indexOf(away2.body.data.application.timeline.at(-1)!.id),
    );
    expect(ids.indexOf(away1.body.data.application.timeline.at(-1)!.id)).toBeGreaterThanOrEqual(0);
    expect(replayed.every((u) => u.userId === patient.id)).toBe(true);
  });

  it('replays nothing to a socket without `since`, and nothing of other patients', async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const other = await newPatientWithApplications(api, ['Ozempic']);
    await driveTo(api, nav.token, other.applications[0].id, 'SUBMITTED');
    const freshSocket = await open({ token: patient.token });
    const fresh = recordUpdates(freshSocket);
    const withSinceSocket = await open({ token: patient.token, since: new Date(Date.now() - 60_000).toISOString() });
    const withSince = recordUpdates(withSinceSocket);
    await waitForUpdate(withSince, (u) => u.state === 'INTAKE');
    await waitForPushesDelivered(stack, [freshSocket, withSinceSocket]);
    expect(fresh).toEqual([]);
    expect(withSince.every((u) => u.userId === patient.id)).toBe(true);
  });
});
