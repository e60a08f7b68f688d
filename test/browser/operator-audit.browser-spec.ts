import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { runUserCreate } from '@rxbridge/accounts';
import { QUEUES } from '@rxbridge/events';
import { apiClient } from '../support/http';
import { eventually } from '../support/wait';
import { newNavigator } from '../applications/helpers';
import { newPage, useStackAndBrowser } from './support/browser';
import { expectAccessible } from './support/a11y';
import { logInThroughUi } from './support/navigator';

// Operators' actions in the audit log, in words (docs/architecture.md §9, docs/product.md §8 Audit log). No worker of
// the app's: the failed job is made here.
const env = useStackAndBrowser({ withWorker: false });

const PASSWORD = 'Operat0r!pass';
const row = (page: Page, action: string) => page.locator('table tbody tr').filter({ hasText: action });

test('an admin made with user:create reads its making in the audit log, by the operator', async () => {
  const email = 'first-admin@example.com';
  await runUserCreate(['--email', email, '--role', 'ADMIN'], {
    DATABASE_URL: env.stack.settings.DATABASE_URL,
    USER_CREATE_PASSWORD: PASSWORD,
  });
  const [{ id }] = await env.stack.api.get(DataSource).query(`SELECT id FROM users WHERE email = $1`, [email]);

  const { page, context, pageErrors } = await newPage(env.browser, 'desktop', env.stack.baseUrl);
  await logInThroughUi(page, 'desktop', email, PASSWORD);
  await page.waitForURL('**/navigator');
  await page.goto(`/navigator/audit?patientId=${id}`);
  const made = row(page, 'Created staff account');
  await made.waitFor();
  await made.getByText('Operator (command line)', { exact: true }).waitFor();
  await made.getByText('staff.created', { exact: true }).waitFor();
  await made.getByText('command: user:create', { exact: true }).waitFor();
  await made.getByText('role: ADMIN', { exact: true }).waitFor();
  await expectAccessible(page, 'the audit log with an operator’s row');
  expect(pageErrors).toEqual([]);
  await context.close();
});

/** An email job that failed ("Service not available"), with one attempt. */
async function failedEmailJob(): Promise<string> {
  const connection = new Redis(env.stack.settings.REDIS_URL, { maxRetriesPerRequest: null });
  const options = { connection, prefix: env.stack.settings.REDIS_PREFIX };
  const queue = new Queue(QUEUES.email, options);
  const worker = new Worker(
    QUEUES.email,
    async () => {
      throw new Error('Service not available');
    },
    options,
  );
  try {
    const jobId = randomUUID();
    await queue.add('user.password_changed', { id: jobId }, { jobId, attempts: 1 });
    await eventually(async () => (await queue.getJobState(jobId)) === 'failed', 'the job to fail');
    return jobId;
  } finally {
    await worker.close();
    await queue.close();
    connection.disconnect();
  }
}

test('an admin’s opening of Bull Board and retry of a failed job read in words, naming the admin', async () => {
  const api = apiClient(env.stack.apiUrl);
  const jobId = await failedEmailJob();
  const admin = await newNavigator(env.stack, api, 'ADMIN');
  expect((await api.post('/admin/queues/board-session', {}, admin.token)).status).toBe(200);
  expect((await api.post(`/admin/queues/email/jobs/${jobId}/retry`, {}, admin.token)).status).toBe(200);

  const { page, context, pageErrors } = await newPage(env.browser, 'desktop', env.stack.baseUrl);
  await logInThroughUi(page, 'desktop', admin.email);
  await page.waitForURL('**/navigator');
  await page.goto(`/navigator/audit?staffId=${admin.id}`);
  const opened = row(page, 'Opened Bull Board');
  await opened.waitFor();
  await opened.getByRole('button', { name: admin.id }).waitFor();
  await opened.getByText('queue_board.opened', { exact: true }).waitFor();
  const retried = row(page, 'Retried queue job');
  await retried.getByRole('button', { name: admin.id }).waitFor();
  await retried.getByText('Admin', { exact: true }).waitFor();
  for (const detail of ['queue: email', `jobId: ${jobId}`, 'jobName: user.password_changed'])
    await retried.getByText(detail, { exact: true }).waitFor();
  expect(pageErrors).toEqual([]);
  await context.close();
});
