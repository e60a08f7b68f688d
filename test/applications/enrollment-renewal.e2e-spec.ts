import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { ApplicationView } from '@rxbridge/contracts';
import { addDays, enrollmentEnd, findProgram, toIsoDate } from '@rxbridge/domain';
import { QUEUES } from '@rxbridge/events';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { deleteKeysUnder } from '../support/infra';
import { PASSWORD } from '../support/factories';
import { startWorkerProcess } from '../support/worker-process';
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
import { stopProcess } from '../support/processes';

// Enrollment and re-enrollment (docs/product.md §18) with a short day: one "day" of the clocks lasts
// 100 ms, so an enrollment ending in 61 days has its 60-day reminder after 0.1 s, its renewal after
// 1.6 s and its 30-day reminder after 3.1 s. The worker runs as a process of its own, to be killed.
const DAY_MS = 100;
const REMINDER_SUBJECT = 'A reminder about your RxBridge enrollment';

let stack: TestStack;
let api: Api;
let nav: { token: string; id: string };
let navSocket: ClientSocket;
let redis: Redis;
let timers: Queue;
let dir: string;
let worker: ChildProcess | undefined;

beforeAll(async () => {
  stack = await startStack({ withWorker: false, env: { TIMER_DAY_MS: String(DAY_MS) } });
  dir = mkdtempSync(join(tmpdir(), 'rxb-renewal-'));
  worker = await startWorkerProcess(stack.settings, dir);
  api = apiClient(stack.apiUrl);
  nav = await newNavigator(stack, api);
  navSocket = await connectSocket(stack.baseUrl, { token: nav.token });
  redis = new Redis(stack.settings.REDIS_URL, { maxRetriesPerRequest: null });
  timers = new Queue(QUEUES.timers, { connection: redis, prefix: stack.settings.REDIS_PREFIX });
}, 60_000);
afterAll(async () => {
  navSocket?.close();
  await timers?.close();
  redis?.disconnect();
  await stopProcess(worker, 'SIGKILL');
  await stack?.close();
  rmSync(dir, { recursive: true, force: true });
});

const day = (offset: number) => toIsoDate(addDays(new Date(), offset));
const longDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'long' });
const verifyEmail = (userId: string) =>
  stack.api.get(DataSource).query(`UPDATE users SET email_verified_at = now() WHERE id = $1`, [userId]);

async function applicationsOf(token: string): Promise<ApplicationView[]> {
  return (await api.get('/applications', token)).body.data.applications;
}
/** The patient's application once it is in `state`. */
const inState = (token: string, id: string, state: ApplicationView['state']) =>
  eventually(
    async () => (await applicationsOf(token)).find((a) => a.id === id && a.state === state),
    `the application ${id} to be ${state}`,
    20_000,
  );
/** The renewal of the application, once it opened. */
const renewalOpened = (token: string, renewedId: string) =>
  eventually(
    async () => (await applicationsOf(token)).find((a) => a.renewalOf === renewedId),
    'the renewal to open',
    20_000,
  );
const remindersTo = (email: string) =>
  stack.mail.messages().filter((m) => m.to.includes(email) && m.subject === REMINDER_SUBJECT);

/** Every timer of this enrollment ran (jobs present and finished), e.g. after they were re-armed. */
const timerIds = (id: string, end: string) => [
  `enrollment-reminder-${id}-${end}-60`,
  `renewal-open-${id}-${end}`,
  `enrollment-reminder-${id}-${end}-30`,
];
const allFinished = (ids: string[]) =>
  eventually(
    async () => {
      const jobs = await Promise.all(ids.map((j) => timers.getJob(j)));
      if (jobs.every((j) => j?.finishedOn)) return true;
      // Named in the failure: which timer is missing or still waiting.
      throw new Error(
        ids.map((id, i) => `${id}: ${jobs[i] ? (jobs[i].failedReason ?? 'pending') : 'missing'}`).join('; '),
      );
    },
    'the enrollment timers to run',
    // A job the killed worker held stays active until its lock expires (15 s), then runs again.
    60_000,
  );

describe('enrollment on approval', () => {
  it('takes the program’s rule from the approval’s day when the navigator gives no dates', async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const [app] = patient.applications;
    await driveTo(api, nav.token, app.id, 'SUBMITTED');
    const res = await move(api, nav.token, app.id, 'APPROVED', { enrollmentStartsOn: null, enrollmentEndsOn: null });
    expect(res.status).toBe(200);
    const rule = app.program ? (findProgram(app.program.id)?.enrollment ?? null) : null;
    const expected = { startsOn: day(0), ...enrollmentEnd(day(0), rule) };
    expect(res.body.data.application.enrollment).toEqual(expected);
    const [seen] = await applicationsOf(patient.token);
    expect(seen).toMatchObject({ enrollment: expected, renewalOf: null, enrollmentEndDate: expected.endsOn });
  });

  it('keeps the navigator’s dates, and refuses an end before the start with 400 naming the field', async () => {
    const patient = await newPatientWithApplications(api, ['Ozempic']);
    const [app] = patient.applications;
    await driveTo(api, nav.token, app.id, 'SUBMITTED');
    const bad = await move(api, nav.token, app.id, 'APPROVED', {
      enrollmentStartsOn: day(0),
      enrollmentEndsOn: day(-1),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error!.fields!)).toEqual(['enrollmentEndsOn']);
    expect((await applicationsOf(patient.token))[0]).toMatchObject({ state: 'SUBMITTED', enrollment: null });

    const res = await move(api, nav.token, app.id, 'APPROVED', {
      enrollmentStartsOn: day(-10),
      enrollmentEndsOn: day(200),
    });
    expect(res.body.data.application.enrollment).toEqual({ startsOn: day(-10), endsOn: day(200), estimated: false });
  });
});

describe('reminders and the renewal', () => {
  it('mails 60 and 30 days before the end and opens the renewal at 45 days, once each, across a killed worker and a Redis that lost its timers', async () => {
    const pushes = recordChanges(navSocket);
    const patient = await newPatientWithApplications(api, ['Humira']);
    await verifyEmail(patient.id);
    const [app] = patient.applications;
    const end = day(61);
    await driveTo(api, nav.token, app.id, 'SUBMITTED');
    expect((await move(api, nav.token, app.id, 'APPROVED', { enrollmentEndsOn: end })).status).toBe(200);

    // The 60-day reminder, then the worker is killed before the renewal opens.
    const first = await stack.mail.waitFor((m) => m.to.includes(patient.email) && m.subject === REMINDER_SUBJECT);
    expect(first.text).toContain(`ends on ${longDay(end)}`);
    expect(first.text).toContain('We will open your renewal application 45 days before that date');
    expect(first.subject).not.toMatch(/Humira/);
    // Killed once the reminder's job has finished: a kill between the email leaving and its ledger
    // row committing may send it once more (docs/architecture.md §6), which is not what this checks.
    await allFinished([`enrollment-reminder-${app.id}-${end}-60`]);
    await stopProcess(worker!, 'SIGKILL');
    worker = await startWorkerProcess(stack.settings, dir);

    // The renewal: same prescription and program, renewalOf the old one, pushed to the navigators.
    const renewal = await eventually(
      async () => (await applicationsOf(patient.token)).find((a) => a.renewalOf === app.id),
      'the renewal application',
      20_000,
    );
    expect(renewal).toMatchObject({
      prescriptionId: app.prescriptionId,
      medication: 'Humira',
      state: 'INTAKE',
      program: app.program,
      renewsEnrollmentEndingOn: end,
      enrollment: null,
    });
    expect(renewal.timeline[0].note).toBe(
      `Renewal of the application for Humira whose enrollment ends on ${longDay(end)}.`,
    );
    await waitForUpdate(pushes, (u) => u.applicationId === renewal.id && u.opened);
    const queue = await api.post('/admin/applications/search', { search: patient.email }, nav.token);
    expect(queue.body.data.applications.find((a: ApplicationView) => a.id === renewal.id)).toMatchObject({
      renewalOf: app.id,
    });

    const second = await stack.mail.waitFor(
      (m) =>
        m.to.includes(patient.email) &&
        m.subject === REMINDER_SUBJECT &&
        m.text.includes('renewal application is open'),
      20_000,
    );
    expect(second.text).toContain(`ends on ${longDay(end)}`);
    // What the renewal asks, as the patient's dashboard lists it: the signature and each missing document.
    expect(renewal.missingDocuments.length).toBeGreaterThan(0);
    for (const ask of ['Sign your application.', ...renewal.missingDocuments.map((d) => `Upload: ${d.label}.`)])
      expect(second.text).toContain(`• ${ask}`);
    await allFinished(timerIds(app.id, end));

    // Redis loses everything under this stack's prefix; the restarted worker re-arms the timers
    // from PostgreSQL, they run again, and nothing happens twice.
    await stopProcess(worker!, 'SIGKILL');
    await deleteKeysUnder(stack.settings.REDIS_URL, stack.settings.REDIS_PREFIX);
    expect(await timers.getJob(`renewal-open-${app.id}-${end}`)).toBeUndefined();
    worker = await startWorkerProcess(stack.settings, dir);
    await allFinished(timerIds(app.id, end));

    expect(remindersTo(patient.email)).toHaveLength(2);
    // The sessions went with Redis: the patient signs in again.
    const login = await api.post('/users/login', { email: patient.email, password: PASSWORD });
    const apps = await applicationsOf(login.body.data.token);
    expect(apps.filter((a) => a.renewalOf === app.id)).toHaveLength(1);
    const old = apps.find((a) => a.id === app.id)!;
    expect(old.timeline.filter((t) => t.note.startsWith('Renewal opened'))).toEqual([
      expect.objectContaining({ details: { renewalId: renewal.id }, actorRole: 'SYSTEM' }),
    ]);
  }, 180_000);

  it('opens the renewal of each enrollment: an application re-enrolled itself gets the renewal of its new one', async () => {
    const patient = await newPatientWithApplications(api, ['Humira']);
    const [app] = patient.applications;
    const first = day(61);
    await driveTo(api, nav.token, app.id, 'SUBMITTED');
    expect((await move(api, nav.token, app.id, 'APPROVED', { enrollmentEndsOn: first })).status).toBe(200);
    expect((await move(api, nav.token, app.id, 'SHIPMENT_SCHEDULED')).status).toBe(200);
    // 30 days before the end the shipped application itself is Renewal due; the navigator re-enrolls it there.
    await inState(patient.token, app.id, 'RENEWAL_DUE');
    const second = day(62);
    expect((await move(api, nav.token, app.id, 'SUBMITTED')).status).toBe(200);
    expect((await move(api, nav.token, app.id, 'APPROVED', { enrollmentEndsOn: second })).status).toBe(200);

    const renewals = await eventually(
      async () => {
        const found = (await applicationsOf(patient.token)).filter((a) => a.renewalOf === app.id);
        return found.length === 2 && found;
      },
      'a renewal for each enrollment',
      20_000,
    );
    expect(renewals.map((r) => r.renewsEnrollmentEndingOn).sort()).toEqual([first, second]);
    await allFinished(timerIds(app.id, second));
    // The renewal of the first enrollment, never sent, has nothing left to renew: cancelled, saying why.
    const [old, current] = (await applicationsOf(patient.token))
      .filter((a) => a.renewalOf === app.id)
      .sort((a, b) => a.renewsEnrollmentEndingOn!.localeCompare(b.renewsEnrollmentEndingOn!));
    expect(old!.state).toBe('CANCELLED');
    expect(old!.timeline.at(-1)).toMatchObject({
      toState: 'CANCELLED',
      actorRole: 'SYSTEM',
      note: `Cancelled: the application it renews was approved again, until ${longDay(second)}, so this renewal is not needed.`,
    });
    expect(current!.state).toBe('INTAKE');
  }, 120_000);

  it('closes the application its renewal took over from once the renewal is approved, and no timer of it reopens it', async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const [app] = patient.applications;
    const end = day(61);
    await driveTo(api, nav.token, app.id, 'SUBMITTED');
    expect((await move(api, nav.token, app.id, 'APPROVED', { enrollmentEndsOn: end })).status).toBe(200);
    const renewal = await renewalOpened(patient.token, app.id);
    // The program approves the renewal before the old enrollment is due: the new enrollment takes over.
    await driveTo(api, nav.token, renewal.id, 'SUBMITTED');
    const newEnd = day(300);
    expect((await move(api, nav.token, renewal.id, 'APPROVED', { enrollmentEndsOn: newEnd })).status).toBe(200);
    const closed = await inState(patient.token, app.id, 'CLOSED');
    // Closed from Approved: never shipped, it waited there for its first shipment, not in Renewal due.
    expect(closed.timeline.at(-1)).toMatchObject({
      fromState: 'APPROVED',
      actorRole: 'SYSTEM',
      note: `Closed: the renewal was approved, and the new enrollment runs until ${longDay(newEnd)}.`,
      details: { renewedBy: renewal.id },
    });
    // The old enrollment's timers all run: closed, it stays so.
    await allFinished(timerIds(app.id, end));
    const apps = await applicationsOf(patient.token);
    expect(apps.find((a) => a.id === app.id)!.state).toBe('CLOSED');
    expect(apps.find((a) => a.renewalOf === app.id)!.state).toBe('APPROVED');
  }, 120_000);

  it('lets a shipped enrollment run to its renewal day, then closes it for the renewal approved meanwhile', async () => {
    const patient = await newPatientWithApplications(api, ['Xarelto']);
    const [app] = patient.applications;
    const end = day(61);
    await driveTo(api, nav.token, app.id, 'SUBMITTED');
    expect((await move(api, nav.token, app.id, 'APPROVED', { enrollmentEndsOn: end })).status).toBe(200);
    expect((await move(api, nav.token, app.id, 'SHIPMENT_SCHEDULED')).status).toBe(200);
    expect((await move(api, nav.token, app.id, 'DELIVERED')).status).toBe(200);
    const renewal = await renewalOpened(patient.token, app.id);
    await driveTo(api, nav.token, renewal.id, 'SUBMITTED');
    expect((await move(api, nav.token, renewal.id, 'APPROVED', { enrollmentEndsOn: day(300) })).status).toBe(200);
    // Its supply still out there, the old enrollment keeps going until its renewal day, then closes, recording the
    // renewal that took over: straight from Delivered, without news of a re-enrollment already approved (or from
    // Renewal due, on a machine slow enough that its timer fired before the approval).
    const closed = await inState(patient.token, app.id, 'CLOSED');
    expect(closed.timeline.at(-1)).toMatchObject({
      fromState: expect.stringMatching(/^(DELIVERED|RENEWAL_DUE)$/),
      actorRole: 'SYSTEM',
      details: { renewedBy: renewal.id },
    });
    await allFinished([...timerIds(app.id, end), `renewal-${app.id}-${end}`]);
    expect((await applicationsOf(patient.token)).find((a) => a.id === app.id)!.state).toBe('CLOSED');
    expect(closed.enrollment).not.toBeNull();
  }, 120_000);

  it.each([
    ['CLOSED', 'closed', 'Jardiance'],
    ['CANCELLED', 'cancelled', 'Trulicity'],
  ] as const)(
    'cancels the renewal still being prepared of an enrollment a navigator moves to %s',
    async (to, said, medication) => {
      const patient = await newPatientWithApplications(api, [medication]);
      const [app] = patient.applications;
      await driveTo(api, nav.token, app.id, 'SUBMITTED');
      expect((await move(api, nav.token, app.id, 'APPROVED', { enrollmentEndsOn: day(61) })).status).toBe(200);
      const renewal = await renewalOpened(patient.token, app.id);
      expect((await move(api, nav.token, app.id, to)).status).toBe(200);
      const cancelled = await inState(patient.token, renewal.id, 'CANCELLED');
      expect(cancelled.timeline.at(-1)).toMatchObject({
        actorRole: 'SYSTEM',
        note: `Cancelled: the enrollment it would renew was ${said}.`,
      });
    },
    120_000,
  );

  it('cancels the renewal still being prepared when the application re-enrolling itself is cancelled', async () => {
    const patient = await newPatientWithApplications(api, ['Ozempic']);
    const [app] = patient.applications;
    await driveTo(api, nav.token, app.id, 'SUBMITTED');
    expect((await move(api, nav.token, app.id, 'APPROVED', { enrollmentEndsOn: day(61) })).status).toBe(200);
    expect((await move(api, nav.token, app.id, 'SHIPMENT_SCHEDULED')).status).toBe(200);
    const renewal = await renewalOpened(patient.token, app.id);
    // Renewal due, the navigator sends the application itself again: it still carries its enrollment.
    await inState(patient.token, app.id, 'RENEWAL_DUE');
    expect((await move(api, nav.token, app.id, 'SUBMITTED')).status).toBe(200);
    expect((await move(api, nav.token, app.id, 'CANCELLED')).status).toBe(200);
    const cancelled = await inState(patient.token, renewal.id, 'CANCELLED');
    expect(cancelled.timeline.at(-1)).toMatchObject({
      actorRole: 'SYSTEM',
      note: 'Cancelled: the enrollment it would renew was cancelled.',
    });
  }, 120_000);

  it('opens no renewal for a prescription removed before its time, even while its cancelling is still to come', async () => {
    const patient = await newPatientWithApplications(api, ['Enbrel']);
    const [app] = patient.applications;
    const end = day(61);
    await driveTo(api, nav.token, app.id, 'SUBMITTED');
    // The removal committed, its cancelling not yet run: the row is gone and no event is written.
    await stack.api.get(DataSource).query(`DELETE FROM prescriptions WHERE id = $1`, [app.prescriptionId]);
    expect((await move(api, nav.token, app.id, 'APPROVED', { enrollmentEndsOn: end })).status).toBe(200);
    await allFinished([`renewal-open-${app.id}-${end}`]);
    expect((await applicationsOf(patient.token)).filter((a) => a.renewalOf === app.id)).toEqual([]);
  }, 120_000);
});
