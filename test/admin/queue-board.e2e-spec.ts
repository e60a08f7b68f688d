import { DataSource } from 'typeorm';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUES } from '@rxbridge/events';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { auditsOf, whileAuditRefused } from '../support/refused-audit';
import { newNavigator, newPatientWithApplications, type Api } from '../applications/helpers';
import { enqueuePasswordChangedEmail } from './helpers';

let stack: TestStack;
let api: Api;
beforeAll(async () => {
  stack = await startStack({ withWorker: false });
  api = apiClient(stack.apiUrl);
});
afterAll(() => stack?.close());

/** Opens the board as the console does; answers the cookie it set. */
async function openBoard(token: string) {
  const res = await api.post('/admin/queues/board-session', {}, token);
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ url: '/admin/queues', expiresIn: 600 });
  const cookie = res.headers.get('set-cookie')!;
  expect(cookie).toMatch(
    /^rxb_queue_board=[^;]+; Max-Age=600; Path=\/admin\/queues; Expires=[^;]+; HttpOnly; SameSite=Strict$/,
  );
  return cookie.split(';')[0];
}

/** The audit rows of one admin's openings of the board (docs/architecture.md §9). */
const boardOpenings = (adminId: string) =>
  stack.api
    .get(DataSource)
    .query(`SELECT * FROM audit_log WHERE action = 'queue_board.opened' AND actor_id = $1`, [adminId]);

const board = (path: string, cookie?: string) =>
  fetch(`${stack.baseUrl}/admin/queues${path}`, { headers: cookie ? { cookie } : {} });

describe('Bull Board (/admin/queues)', () => {
  it('opens for an admin through a short-lived cookie, with job data hidden', async () => {
    const admin = await newNavigator(stack, api, 'ADMIN');
    const patient = await newPatientWithApplications(api, []);
    const jobId = await enqueuePasswordChangedEmail(stack, patient.id, { delayMs: 3_600_000 });
    const cookie = await openBoard(admin.token);
    expect(await boardOpenings(admin.id)).toEqual([
      expect.objectContaining({ actor_role: 'ADMIN', subject_user_id: null, metadata: {} }),
    ]);

    const page = await board('', cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain('RxBridge queues');

    const answer = await board('/api/queues?activeQueue=email&status=delayed&page=1', cookie);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    const email = (JSON.parse(text) as { queues: { name: string; jobs: any[]; readOnlyMode: boolean }[] }).queues.find(
      (q) => q.name === 'email',
    )!;
    expect(email.readOnlyMode).toBe(true);
    const job = email.jobs.find((j) => j.id === jobId);
    expect(job).toMatchObject({ name: 'user.password_changed', data: expect.stringContaining('hidden') });
    // Nothing of what the job carries reaches the board: not even the patient's id.
    expect(text).not.toContain(patient.id);
  });

  it("shows a failed job's error without the personal data it quoted, on the board and in the console", async () => {
    const admin = await newNavigator(stack, api, 'ADMIN');
    const patient = await newPatientWithApplications(api, []);
    const connection = new Redis(stack.settings.REDIS_URL, { maxRetriesPerRequest: null });
    const quoted = 'dana.demo@example.com';
    // A handler whose error quotes what it was given (an SMTP refusal naming the recipient, a phone number).
    const worker = new Worker(
      QUEUES.email,
      async () => {
        throw new Error(`550 5.1.1 <${quoted}>: Recipient address rejected; fax (555) 123-4567 failed`);
      },
      { connection, prefix: stack.settings.REDIS_PREFIX, autorun: false },
    );
    const failed = new Promise<string>((resolve) => worker.on('failed', (job) => resolve(String(job!.id))));
    const jobId = await enqueuePasswordChangedEmail(stack, patient.id);
    void worker.run();
    expect(await failed).toBe(jobId);
    await worker.close();
    connection.disconnect();

    const cookie = await openBoard(admin.token);
    const text = await (await board(`/api/queues?activeQueue=email&status=failed&page=1`, cookie)).text();
    const job = (JSON.parse(text) as { queues: { name: string; jobs: any[] }[] }).queues
      .find((q) => q.name === 'email')!
      .jobs.find((j) => j.id === jobId);
    expect(job.failedReason).toContain('Recipient address rejected');
    expect(job.stacktrace.join('\n')).toContain('Recipient address rejected');
    const listed = await api.get(`/admin/queues/email/jobs?state=failed`, admin.token);
    const view = listed.body.data.jobs.find((j: { id: string }) => j.id === jobId);
    expect(view.failedReason).toContain('Recipient address rejected');
    for (const shown of [text, JSON.stringify(view)]) {
      expect(shown).not.toContain(quoted);
      expect(shown).not.toContain('123-4567');
    }
  });

  it('does not open for an admin whose audit row cannot be written', async () => {
    const admin = await newNavigator(stack, api, 'ADMIN');
    const db = stack.api.get(DataSource);
    await whileAuditRefused(db, auditsOf(admin.id), async () => {
      const res = await api.post('/admin/queues/board-session', {}, admin.token);
      expect(res.status).toBe(500);
      expect(res.headers.get('set-cookie')).toBeNull();
    });
    expect(await boardOpenings(admin.id)).toEqual([]);
  });

  it('stays shut to visitors, navigators, patients, forged cookies, ended sessions and demoted admins', async () => {
    expect((await board('')).status).toBe(401);
    expect((await board('/api/queues')).status).toBe(401);

    const navigator = await newNavigator(stack, api);
    expect((await api.post('/admin/queues/board-session', {}, navigator.token)).status).toBe(403);
    const patient = await newPatientWithApplications(api, []);
    expect((await api.post('/admin/queues/board-session', {}, patient.token)).status).toBe(403);
    expect((await api.post('/admin/queues/board-session', {})).status).toBe(401);

    // An access token is not a board cookie (the board signs with a key of its own).
    const admin = await newNavigator(stack, api, 'ADMIN');
    expect((await board('', `rxb_queue_board=${admin.token}`)).status).toBe(401);

    const demoted = await newNavigator(stack, api, 'ADMIN');
    const demotedCookie = await openBoard(demoted.token);
    expect((await board('', demotedCookie)).status).toBe(200);
    await stack.api.get(DataSource).query(`UPDATE users SET role = 'NAVIGATOR' WHERE id = $1`, [demoted.id]);
    expect((await board('', demotedCookie)).status).toBe(401);

    const cookie = await openBoard(admin.token);
    expect((await board('', cookie)).status).toBe(200);
    expect((await api.post('/users/logout', {}, admin.token)).status).toBe(200);
    expect((await board('', cookie)).status).toBe(401);
  });
});
