import type { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUES } from '@rxbridge/events';
import { addDays, toIsoDate } from '@rxbridge/domain';
import { createWorker, startStack, type TestStack } from '../support/stack';
import { DataSource } from 'typeorm';
import { apiClient } from '../support/http';
import {
  connectSocket,
  driveTo,
  eventually,
  move,
  newNavigator,
  newPatientWithApplications,
  recordChanges,
  waitForUpdate,
  type Api,
  type ClientSocket,
} from './helpers';

// One "day" of the refill and renewal clocks lasts 50 ms here.
const DAY_MS = 50;

let stack: TestStack;
let api: Api;
let nav: { token: string; id: string };
let worker: INestApplicationContext | null = null;
let redis: Redis;
let timers: Queue;
let navSocket: ClientSocket;
/** Status emails carry their details only to a verified address (docs/product.md §11). */
const verifyEmail = (userId: string) =>
  stack.api.get(DataSource).query(`UPDATE users SET email_verified_at = now() WHERE id = $1`, [userId]);

beforeAll(async () => {
  // The worker is started (and restarted) by this file.
  stack = await startStack({ withWorker: false, env: { TIMER_DAY_MS: String(DAY_MS) } });
  worker = await createWorker(stack.settings);
  api = apiClient(stack.apiUrl);
  nav = await newNavigator(stack, api);
  navSocket = await connectSocket(stack.baseUrl, { token: nav.token });
  redis = new Redis(stack.settings.REDIS_URL, { maxRetriesPerRequest: null });
  timers = new Queue(QUEUES.timers, { connection: redis, prefix: stack.settings.REDIS_PREFIX });
});
afterAll(async () => {
  navSocket?.close();
  await timers?.close();
  redis?.disconnect();
  await worker?.close();
  await stack?.close();
});

const day = (offset: number) => toIsoDate(addDays(new Date(), offset));

async function stateOf(token: string, id: string) {
  const res = await api.get('/applications', token);
  return res.body.data.applications.find((a: { id: string }) => a.id === id);
}
const waitForState = (token: string, id: string, state: string, timeoutMs = 10_000) =>
  eventually(
    async () => {
      const app = await stateOf(token, id);
      return app?.state === state ? app : undefined;
    },
    `state ${state}`,
    timeoutMs,
  );

describe('refill and renewal timers', () => {
  it('moves a delivered case to REFILL_DUE three weeks before the supply runs out, with an email and a push', async () => {
    const pushes = recordChanges(navSocket);
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    await verifyEmail(patient.id);
    const id = patient.applications[0].id;
    await driveTo(api, nav.token, id, 'APPROVED');
    // 30 days of supply from today: refill due in 9 "days" (about half a second here).
    expect(
      (await move(api, nav.token, id, 'SHIPMENT_SCHEDULED', { shipmentDate: day(0), daysOfSupply: 30 })).status,
    ).toBe(200);
    expect((await move(api, nav.token, id, 'DELIVERED')).status).toBe(200);

    const app = await waitForState(patient.token, id, 'REFILL_DUE');
    expect(app.timeline.at(-1)).toMatchObject({
      fromState: 'DELIVERED',
      toState: 'REFILL_DUE',
      actorRole: 'SYSTEM',
      actorName: null,
      note: `The 30-day supply shipped on ${day(0)} runs out on ${day(30)}: time to arrange the refill.`,
    });
    const mail = await stack.mail.waitFor(
      (m) =>
        m.to.includes(patient.email) &&
        m.subject === 'An update on your RxBridge application' &&
        /Your current supply of Eliquis/.test(m.text),
    );
    expect(mail.text).toMatch(/runs out around/);
    await waitForUpdate(pushes, (u) => u.applicationId === id && u.transitionId === app.timeline.at(-1)!.id);
  });

  it('moves a shipped case to RENEWAL_DUE 30 days before enrollment ends, with an email and a push', async () => {
    const pushes = recordChanges(navSocket);
    const patient = await newPatientWithApplications(api, ['Ozempic']);
    await verifyEmail(patient.id);
    const id = patient.applications[0].id;
    await driveTo(api, nav.token, id, 'SUBMITTED');
    // Ends in 35 days: renewal due in 5 "days".
    const res = await move(api, nav.token, id, 'APPROVED', {
      enrollmentStartsOn: day(-300),
      enrollmentEndsOn: day(35),
    });
    expect(res.status).toBe(200);
    expect((await move(api, nav.token, id, 'SHIPMENT_SCHEDULED')).status).toBe(200);

    const app = await waitForState(patient.token, id, 'RENEWAL_DUE');
    expect(app.timeline.at(-1)).toMatchObject({
      fromState: 'SHIPMENT_SCHEDULED',
      toState: 'RENEWAL_DUE',
      actorRole: 'SYSTEM',
      note: `Enrollment ends on ${day(35)}: time to re-enroll.`,
    });
    const mail = await stack.mail.waitFor(
      (m) =>
        m.to.includes(patient.email) &&
        m.subject === 'An update on your RxBridge application' &&
        /enrollment in the Ozempic assistance program ends/.test(m.text),
    );
    const longEnd = new Date(`${day(35)}T00:00:00Z`).toLocaleDateString('en-US', {
      timeZone: 'UTC',
      dateStyle: 'long',
    });
    expect(mail.text).toContain(`ends on ${longEnd}`);
    await waitForUpdate(pushes, (u) => u.applicationId === id && u.transitionId === app.timeline.at(-1)!.id);
  });

  it('lets an approval with 30 days or less left ship first: Renewal due comes once the first shipment is scheduled', async () => {
    const patient = await newPatientWithApplications(api, ['Jardiance']);
    const id = patient.applications[0].id;
    const end = day(20);
    await driveTo(api, nav.token, id, 'SUBMITTED');
    expect((await move(api, nav.token, id, 'APPROVED', { enrollmentEndsOn: end })).status).toBe(200);
    // Its renewal day is past: the enrollment's timers, armed with the approval, have all run (the renewal opened).
    await eventually(
      async () => ((await timers.getJob(`renewal-open-${id}-${end}`))?.finishedOn ? true : undefined),
      'the renewal to open',
      10_000,
    );
    expect((await stateOf(patient.token, id)).state).toBe('APPROVED');
    // The first shipment is recorded, then the case is Renewal due at once.
    expect((await move(api, nav.token, id, 'SHIPMENT_SCHEDULED')).status).toBe(200);
    const app = await waitForState(patient.token, id, 'RENEWAL_DUE');
    expect(app.timeline.at(-1)).toMatchObject({ fromState: 'SHIPMENT_SCHEDULED', actorRole: 'SYSTEM' });
    expect(app.shipments).toHaveLength(1);
  });

  it('fires at once for a date already past', async () => {
    const patient = await newPatientWithApplications(api, ['Humira']);
    const id = patient.applications[0].id;
    await driveTo(api, nav.token, id, 'APPROVED');
    await move(api, nav.token, id, 'SHIPMENT_SCHEDULED', { shipmentDate: day(-40), daysOfSupply: 30 });
    await move(api, nav.token, id, 'DELIVERED');
    await waitForState(patient.token, id, 'REFILL_DUE', 3000);
  });

  it('does nothing when the case moved on before the timer fired', async () => {
    const patient = await newPatientWithApplications(api, ['Trelegy']);
    const id = patient.applications[0].id;
    await driveTo(api, nav.token, id, 'APPROVED');
    // Refill due in 39 "days" (about 2 seconds); the case is cancelled before that.
    const shipped = await move(api, nav.token, id, 'SHIPMENT_SCHEDULED', { shipmentDate: day(0), daysOfSupply: 60 });
    const shipmentId = shipped.body.data.application.shipments[0].id;
    await move(api, nav.token, id, 'DELIVERED');
    await eventually(
      async () => ((await timers.getJob(`refill-${shipmentId}`)) ? true : undefined),
      'the refill timer',
    );
    expect((await move(api, nav.token, id, 'CANCELLED')).status).toBe(200);
    await eventually(
      async () => ((await timers.getJob(`refill-${shipmentId}`))?.finishedOn ? true : undefined),
      'the timer to fire',
      10_000,
    );
    const app = await stateOf(patient.token, id);
    expect(app.state).toBe('CANCELLED');
    expect(app.timeline.map((t: { toState: string }) => t.toState)).not.toContain('REFILL_DUE');
  });

  it('keeps timers across a worker restart, and re-arms them from the database if Redis lost them', async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis', 'Ozempic']);
    const [kept, lost] = patient.applications;
    const end = day(80); // renewal due in 50 "days": 2.5 seconds
    for (const app of [kept, lost]) {
      await driveTo(api, nav.token, app.id, 'SUBMITTED');
      await move(api, nav.token, app.id, 'APPROVED', { enrollmentStartsOn: day(-200), enrollmentEndsOn: end });
      await move(api, nav.token, app.id, 'SHIPMENT_SCHEDULED');
    }
    for (const app of [kept, lost]) {
      await eventually(
        async () => ((await timers.getJob(`renewal-${app.id}-${end}`)) ? true : undefined),
        'the renewal timers',
      );
    }
    await worker!.close();
    worker = null;
    // Redis loses one of them while no worker runs.
    await (await timers.getJob(`renewal-${lost.id}-${end}`))!.remove();
    worker = await createWorker(stack.settings);

    await waitForState(patient.token, kept.id, 'RENEWAL_DUE');
    await waitForState(patient.token, lost.id, 'RENEWAL_DUE');
    const { timeline } = await stateOf(patient.token, lost.id);
    expect(timeline.filter((t: { toState: string }) => t.toState === 'RENEWAL_DUE')).toHaveLength(1);
  });
});
