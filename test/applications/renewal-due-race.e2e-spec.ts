import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { ApplicationView } from '@rxbridge/contracts';
import { addDays, toIsoDate } from '@rxbridge/domain';
import { QUEUES } from '@rxbridge/events';
import { changeApplicationState } from '@rxbridge/applications';
import { startStack, type TestStack } from '../support/stack';
import { waitForQueuesIdle } from '../support/idle';
import { apiClient } from '../support/http';
import { driveTo, eventually, move, newNavigator, newPatientWithApplications, type Api } from './helpers';

// docs/product.md §18: a renewal approved while the old enrollment's renewal timer fires takes over. The timer waits
// for the approval and closes the old application, instead of moving it to Renewal due and telling the patient their
// enrollment ends. Real days here: the renewal timer is fired by hand (promoted), the rest of the calendar waits.
const STATUS_SUBJECT = 'An update on your RxBridge application';

let stack: TestStack;
let api: Api;
let nav: { token: string; id: string };
let db: Client;
let redis: Redis;
let timers: Queue;

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  nav = await newNavigator(stack, api);
  db = new Client({ connectionString: stack.settings.DATABASE_URL });
  await db.connect();
  redis = new Redis(stack.settings.REDIS_URL, { maxRetriesPerRequest: null });
  timers = new Queue(QUEUES.timers, { connection: redis, prefix: stack.settings.REDIS_PREFIX });
});
afterAll(async () => {
  await timers?.close();
  redis?.disconnect();
  await db?.end();
  await stack?.close();
});

const day = (offset: number) => toIsoDate(addDays(new Date(), offset));
const applicationsOf = async (token: string): Promise<ApplicationView[]> =>
  (await api.get('/applications', token)).body.data.applications;

/** Whether a backend of the test's database waits on a row lock in the timer's read of the renewal. */
const timerWaitsOnRenewal = async () =>
  (
    await db.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%"renewal_of" = $1%'`,
    )
  ).rows[0].n === 1;

it('closes the application for its renewal approved while the renewal timer fires: no Renewal due, no email of it', async () => {
  const patient = await newPatientWithApplications(api, ['Eliquis']);
  await db.query(`UPDATE users SET email_verified_at = now() WHERE id = $1`, [patient.id]);
  const [app] = patient.applications;
  // Ends in 40 days: the renewal opens at once (45 days before), the renewal timer is due in 10 days.
  const end = day(40);
  await driveTo(api, nav.token, app.id, 'SUBMITTED');
  expect(
    (await move(api, nav.token, app.id, 'APPROVED', { enrollmentStartsOn: day(-300), enrollmentEndsOn: end })).status,
  ).toBe(200);
  expect((await move(api, nav.token, app.id, 'SHIPMENT_SCHEDULED')).status).toBe(200);
  const renewal = await eventually(
    async () => (await applicationsOf(patient.token)).find((a) => a.renewalOf === app.id),
    'the renewal to open',
  );
  await driveTo(api, nav.token, renewal.id, 'SUBMITTED');
  await waitForQueuesIdle(stack);
  const timer = (await timers.getJob(`renewal-${app.id}-${end}`))!;
  expect(await timer.isDelayed()).toBe(true);

  // The navigator's approval of the renewal, its statement run and not yet committed; then the renewal timer fires.
  const holder = stack.api.get(DataSource).createQueryRunner();
  await holder.connect();
  let waited: boolean;
  try {
    await holder.startTransaction();
    await changeApplicationState(holder.manager, {
      applicationId: renewal.id,
      toState: 'APPROVED',
      fromState: 'SUBMITTED',
      note: 'Approved by the program',
      details: { enrollmentEndsOn: day(300) },
      actor: { id: nav.id, role: 'NAVIGATOR' },
    });
    await timer.promote();
    // The timer waits on the renewal's row, or (without that lock) runs to its end unawares.
    waited =
      (await eventually(
        async () =>
          (await timerWaitsOnRenewal()) || ((await timers.getJob(timer.id!))?.finishedOn ? 'finished' : false),
        'the renewal timer to wait on the renewal, or to finish',
      )) === true;
    await holder.commitTransaction();
  } finally {
    if (holder.isTransactionActive) await holder.rollbackTransaction();
    await holder.release();
  }

  const closed = await eventually(
    async () => (await applicationsOf(patient.token)).find((a) => a.id === app.id && a.state === 'CLOSED'),
    'the application to close',
  );
  await waitForQueuesIdle(stack);
  expect(closed.timeline.map((t) => t.toState)).not.toContain('RENEWAL_DUE');
  expect(closed.timeline.at(-1)).toMatchObject({
    fromState: 'SHIPMENT_SCHEDULED',
    toState: 'CLOSED',
    actorRole: 'SYSTEM',
    details: { renewedBy: renewal.id },
  });
  // The status email of Renewal due (the 60-day reminder, sent at the approval, says when the enrollment ends too).
  const renewalDue = stack.mail
    .messages()
    .filter((m) => m.to.includes(patient.email) && m.subject === STATUS_SUBJECT && /program ends on/.test(m.text));
  expect(renewalDue).toEqual([]);
  expect(waited).toBe(true);
}, 60_000);
