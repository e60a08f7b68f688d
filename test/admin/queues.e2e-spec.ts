import { DataSource } from 'typeorm';
import type { QueueCounts, QueueJobView } from '@rxbridge/contracts';
import { QUEUES } from '@rxbridge/events';
import { startMailCatcher, type MailCatcher } from '@rxbridge/mail-catcher';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { auditsOf, whileAuditRefused } from '../support/refused-audit';
import { eventually } from '../support/wait';
import { newNavigator, newPatientWithApplications, type Api } from '../applications/helpers';
import { enqueuePasswordChangedEmail, startDownSmtp } from './helpers';

let stack: TestStack;
let api: Api;
let smtpDown: Awaited<ReturnType<typeof startDownSmtp>> | undefined;
let smtp: MailCatcher | undefined;

beforeAll(async () => {
  // The SMTP relay is down (421) until a test brings one up on its port: email jobs fail for real.
  smtpDown = await startDownSmtp();
  stack = await startStack({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpDown.port}` } });
  api = apiClient(stack.apiUrl);
});
afterAll(async () => {
  await smtp?.close();
  await smtpDown?.close();
  await stack?.close();
});

const failedJobs = async (token: string, queue = 'email') =>
  (await api.get(`/admin/queues/${queue}/jobs?state=failed`, token)).body.data.jobs as QueueJobView[];

/** The audit rows of the retries of one job (docs/architecture.md §9). */
const retryAudits = (jobId: string) =>
  stack.api
    .get(DataSource)
    .query(`SELECT * FROM audit_log WHERE action = 'queue.job_retried' AND metadata->>'jobId' = $1`, [jobId]);

/** A failed email job (SMTP is down): the relay's "password changed" email, with one attempt. */
async function failedEmailJob(token: string) {
  const patient = await newPatientWithApplications(api, []);
  const jobId = await enqueuePasswordChangedEmail(stack, patient.id);
  await eventually(async () => (await failedJobs(token)).find((j) => j.id === jobId), 'the failed job');
  return jobId;
}

describe('queue health (/admin/queues)', () => {
  it('is for admins only: navigators and patients get 403, visitors 401', async () => {
    const navigator = await newNavigator(stack, api);
    const patient = await newPatientWithApplications(api, []);
    for (const path of ['/admin/queues', '/admin/queues/email/jobs?state=failed']) {
      expect((await api.get(path, navigator.token)).status).toBe(403);
      expect((await api.get(path, patient.token)).status).toBe(403);
      expect((await api.get(path)).status).toBe(401);
    }
    expect((await api.post('/admin/queues/email/jobs/1/retry', {}, navigator.token)).status).toBe(403);
  });

  it('counts every queue the worker consumes', async () => {
    const admin = await newNavigator(stack, api, 'ADMIN');
    const res = await api.get<{ queues: QueueCounts[] }>('/admin/queues', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.queues.map((q) => q.name).sort()).toEqual(Object.values(QUEUES).sort());
    for (const q of res.body.data.queues) {
      expect(q).toEqual({
        name: q.name,
        waiting: expect.any(Number),
        active: expect.any(Number),
        delayed: expect.any(Number),
        completed: expect.any(Number),
        failed: expect.any(Number),
        paused: false,
      });
    }
  });

  it('retries no job whose audit row cannot be written: the retry may charge a card (architecture §9)', async () => {
    const admin = await newNavigator(stack, api, 'ADMIN');
    const jobId = await failedEmailJob(admin.token);
    const db = stack.api.get(DataSource);
    await whileAuditRefused(db, auditsOf(admin.id), async () => {
      expect((await api.post(`/admin/queues/email/jobs/${jobId}/retry`, {}, admin.token)).status).toBe(500);
    });
    // Still failed, with its one attempt: it was not put back in the queue.
    expect((await failedJobs(admin.token)).find((j) => j.id === jobId)).toMatchObject({ attemptsMade: 1 });
    expect(await retryAudits(jobId)).toEqual([]);

    expect((await api.post(`/admin/queues/email/jobs/${jobId}/retry`, {}, admin.token)).status).toBe(200);
    expect(await retryAudits(jobId)).toEqual([
      expect.objectContaining({
        actor_id: admin.id,
        actor_role: 'ADMIN',
        subject_user_id: null,
        metadata: { queue: 'email', jobId, jobName: 'user.password_changed' },
      }),
    ]);
  });

  it('lists a job that failed while SMTP was down, and retries it once SMTP is back', async () => {
    const admin = await newNavigator(stack, api, 'ADMIN');
    const patient = await newPatientWithApplications(api, []);
    const before = (await api.get<{ queues: QueueCounts[] }>('/admin/queues', admin.token)).body.data.queues;
    const failedBefore = before.find((q) => q.name === 'email')!.failed;

    const jobId = await enqueuePasswordChangedEmail(stack, patient.id);
    const failed = await eventually(
      async () => (await failedJobs(admin.token)).find((j) => j.id === jobId),
      'the failed job',
    );
    expect(failed).toEqual({
      id: jobId,
      name: 'user.password_changed',
      state: 'failed',
      attemptsMade: 1,
      attempts: 1,
      failedReason: expect.stringMatching(/421 .*Service not available/),
      createdAt: expect.any(String),
      processedAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    // Ids and outcomes only: the job's data (which patient) never leaves the server.
    expect(JSON.stringify(failed)).not.toContain(patient.id);
    const after = (await api.get<{ queues: QueueCounts[] }>('/admin/queues', admin.token)).body.data.queues;
    expect(after.find((q) => q.name === 'email')!.failed).toBe(failedBefore + 1);

    const smtpPort = smtpDown!.port;
    await smtpDown!.close();
    smtpDown = undefined;
    smtp = await startMailCatcher({ smtpPort, httpPort: null });
    // Two admins press Retry at once: one puts it back, the other is told it is no longer failed (never a 500).
    const both = await Promise.all(
      [0, 1].map(() => api.post(`/admin/queues/email/jobs/${jobId}/retry`, {}, admin.token)),
    );
    const [retried, refused] = both.sort((a, b) => a.status - b.status);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^Only a failed job can be retried; this job is (waiting|active|completed)\.$/,
    );
    expect(retried.status).toBe(200);
    expect(retried.body.message).toBe('Job queued for another attempt');
    expect(retried.body.data.job).toMatchObject({ id: jobId, state: 'waiting' });
    // Each retry is audited first, naming the admin; both may have passed the check of a failed job before one
    // retried it, so one row or two.
    const audits = await retryAudits(jobId);
    expect(audits.length).toBeGreaterThanOrEqual(1);
    for (const row of audits) expect(row).toMatchObject({ actor_id: admin.id, metadata: { queue: 'email', jobId } });

    const mail = await smtp.waitFor((m) => m.to.includes(patient.email) && /password/i.test(m.subject));
    expect(mail.subject).toMatch(/password/i);
    const completed = await eventually(
      async () =>
        (
          (await api.get(`/admin/queues/email/jobs?state=completed`, admin.token)).body.data.jobs as QueueJobView[]
        ).find((j) => j.id === jobId),
      'the job completed',
    );
    expect(completed.attemptsMade).toBe(2);
    expect((await failedJobs(admin.token)).some((j) => j.id === jobId)).toBe(false);

    // A job that is not failed any more cannot be retried again.
    const again = await api.post(`/admin/queues/email/jobs/${jobId}/retry`, {}, admin.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only a failed job can be retried; this job is completed.');
    // Refused before its row: nothing was retried.
    expect(await retryAudits(jobId)).toHaveLength(audits.length);
  });

  it('refuses to retry a job that is waiting its turn (409), and unknown queues or jobs (404)', async () => {
    const admin = await newNavigator(stack, api, 'ADMIN');
    const patient = await newPatientWithApplications(api, []);
    const jobId = await enqueuePasswordChangedEmail(stack, patient.id, { delayMs: 3_600_000 });
    const delayed = (await api.get('/admin/queues/email/jobs?state=delayed', admin.token)).body.data;
    expect(delayed.jobs.map((j: QueueJobView) => j.id)).toContain(jobId);
    expect(delayed.pagination).toMatchObject({ currentPage: 1, totalCount: expect.any(Number) });

    const res = await api.post(`/admin/queues/email/jobs/${jobId}/retry`, {}, admin.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only a failed job can be retried; this job is delayed.');
    expect(await retryAudits(jobId)).toEqual([]);

    expect((await api.post('/admin/queues/nope/jobs/1/retry', {}, admin.token)).body.message).toBe('Queue not found');
    expect((await api.post('/admin/queues/nope/jobs/1/retry', {}, admin.token)).status).toBe(404);
    expect((await api.get('/admin/queues/nope/jobs', admin.token)).status).toBe(404);
    const unknownJob = await api.post('/admin/queues/email/jobs/does-not-exist/retry', {}, admin.token);
    expect(unknownJob.status).toBe(404);
    expect(unknownJob.body.message).toBe('Job not found');
  });

  it('names a bad state or page in a 400', async () => {
    const admin = await newNavigator(stack, api, 'ADMIN');
    const bad = await api.get('/admin/queues/email/jobs?state=stuck', admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?.state).toBe('state must be one of failed, waiting, active, delayed, completed');
    const page = await api.get('/admin/queues/email/jobs?page=0', admin.token);
    expect(page.status).toBe(400);
    expect(page.body.error?.fields?.page).toBe('page must be at least 1');
  });
});
