import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Locator, Page } from 'playwright-core';
import { QUEUE_JOBS_PAGE_SIZE } from '@rxbridge/contracts';
import { QUEUES } from '@rxbridge/events';
import { apiClient } from '../support/http';
import { eventually } from '../support/wait';
import { newNavigator } from '../applications/helpers';
import { newPage, screenshot, useStackAndBrowser } from './support/browser';
import { expectAccessible } from './support/a11y';
import { logInThroughUi, scrollTop } from './support/navigator';

// No worker of the app's: the failed jobs are made here, and a retried one waits in the queue.
const env = useStackAndBrowser({ withWorker: false });

/** `count` email jobs that failed ("Service not available"), with one attempt each. */
async function failedEmailJobs(count: number): Promise<void> {
  const connection = new Redis(env.stack.settings.REDIS_URL, { maxRetriesPerRequest: null });
  const options = { connection, prefix: env.stack.settings.REDIS_PREFIX };
  const queue = new Queue(QUEUES.email, options);
  const worker = new Worker(
    QUEUES.email,
    async () => {
      throw new Error('Service not available');
    },
    { ...options, concurrency: 1 },
  );
  try {
    for (let i = 0; i < count; i++) {
      const jobId = randomUUID();
      await queue.add('user.password_changed', { id: jobId }, { jobId, attempts: 1 });
    }
    await eventually(async () => (await queue.getFailedCount()) === count, `${count} jobs to fail`);
  } finally {
    await worker.close();
    await queue.close();
    connection.disconnect();
  }
}

const rows = (page: Page) => page.locator('[data-job-id]');
const retryOf = (page: Page, jobId: string) =>
  page.getByRole('button', { name: `Retry user.password_changed job ${jobId}`, exact: true });
/** Waits until `target` has the keyboard's focus; fails naming what has it instead. */
async function expectFocusOn(page: Page, target: Locator, what: string) {
  const handle = await target.elementHandle();
  const on = await page
    .waitForFunction((el) => el === document.activeElement, handle, { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  const actual = await page.evaluate(() => {
    const el = document.activeElement;
    return !el || el === document.body ? 'the page' : (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName);
  });
  expect({ on, focus: on ? what : actual }).toEqual({ on: true, focus: what });
}

test('an admin retries failed jobs with the keyboard: the focus goes to a neighbour’s Retry, and a page emptied goes back', async () => {
  await failedEmailJobs(QUEUE_JOBS_PAGE_SIZE + 1);
  const admin = await newNavigator(env.stack, apiClient(env.stack.apiUrl), 'ADMIN');
  const { page, context, pageErrors } = await newPage(env.browser, 'desktop', env.stack.baseUrl);
  await logInThroughUi(page, 'desktop', admin.email);
  await page.waitForURL('**/navigator');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Queue health' }).press('Enter');
  const heading = page.getByRole('heading', { name: 'Failed jobs on Email' });
  await heading.waitFor();
  await rows(page)
    .nth(QUEUE_JOBS_PAGE_SIZE - 1)
    .waitFor();
  const pageTwo = page.getByRole('navigation', { name: 'Job pages' }).getByRole('button', { name: 'Page 2' });

  // Page 2 holds one job alone: retried, the page goes back to page 1 (never "No failed jobs" while page 1 has
  // some), and the focus to the list's heading, the only place left.
  await pageTwo.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('[data-job-id]').length === 1);
  const alone = (await rows(page).getAttribute('data-job-id'))!;
  await retryOf(page, alone).press('Enter');
  await page.getByText('Job queued for another attempt').first().waitFor();
  await retryOf(page, alone).waitFor({ state: 'detached' });
  await rows(page)
    .nth(QUEUE_JOBS_PAGE_SIZE - 1)
    .waitFor();
  expect(await page.getByText('No failed jobs on this queue.').count()).toBe(0);
  expect(await pageTwo.count()).toBe(0);
  await expectFocusOn(page, heading, 'the heading');

  // A row amid the list: the focus goes to the next row's Retry.
  const order = await rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-job-id')!));
  expect(order).toHaveLength(QUEUE_JOBS_PAGE_SIZE);
  await retryOf(page, order[1]).press('Enter');
  await retryOf(page, order[1]).waitFor({ state: 'detached' });
  await expectFocusOn(page, retryOf(page, order[2]), `Retry user.password_changed job ${order[2]}`);
  // The last row: to the previous row's.
  const [beforeLast, last] = order.slice(-2);
  await retryOf(page, last).press('Enter');
  await retryOf(page, last).waitFor({ state: 'detached' });
  await expectFocusOn(page, retryOf(page, beforeLast), `Retry user.password_changed job ${beforeLast}`);
  expect(await rows(page).count()).toBe(QUEUE_JOBS_PAGE_SIZE - 2);
  await expectAccessible(page, 'the failed jobs after retries');
  await scrollTop(page);
  await screenshot(page, 'queue-health-retried-by-keyboard');
  expect(pageErrors).toEqual([]);
  await context.close();
});
