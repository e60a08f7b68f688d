import type { ChildProcess } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { freePort } from '@rxbridge/local-stack';
import { startStack, type TestStack } from '../support/stack';
import { startPrivateRedis } from '../support/private-redis';
import { stopProcess } from '../support/processes';
import { expectAccessible } from './support/a11y';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { createPatient, openDashboard } from './support/patient';

// Redis stopped while a patient reloads the dashboard, then started again empty (docs/product.md §7.2, docs/
// architecture.md §11): the API answers 503, the page says it keeps trying and keeps the session, and the dashboard
// comes back without a login. A Redis of this test's own on a free port: the shared one is never touched.
let port: number;
let redis: ChildProcess | undefined;
let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  port = await freePort();
  redis = await startPrivateRedis(port);
  stack = await startStack({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  // The stack closes its queues and connections through Redis: up again if a failure left it stopped.
  if (!redis && port) redis = await startPrivateRedis(port);
  await stack?.close();
  await stopProcess(redis, 'SIGKILL');
}, 120_000);

test('a reload while Redis is down keeps the patient signed in, says so, and shows the dashboard once it is back', async () => {
  const patient = await createPatient(stack);
  const { page, context, pageErrors } = await newPage(browser, 'phone', stack.baseUrl);
  await openDashboard(page, patient);

  // Stopped: the profile check answers 503, which says nothing about the session.
  const down = redis;
  redis = undefined;
  await stopProcess(down, 'SIGTERM');
  const profileAnswered = page.waitForResponse((r) => r.url().endsWith('/users/profile'));
  await page.reload();
  expect((await profileAnswered).status()).toBe(503);
  const note = page
    .getByRole('status')
    .getByText('RxBridge cannot be reached right now. You are still signed in: we keep trying.');
  await note.waitFor();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(patient.token);
  await screenshot(page, 'reconnecting');
  await expectAccessible(page, 'the page waiting for the server');

  // Started again without its data: the session lives in PostgreSQL, so the next check lets the patient in.
  redis = await startPrivateRedis(port);
  await page
    .locator('h1')
    .filter({ hasText: `Welcome back, ${patient.firstName}!` })
    .waitFor({ timeout: 60_000 });
  expect(await note.count()).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(patient.token);
  expect(pageErrors.filter((e) => !/503/.test(e))).toEqual([]);
  await context.close();
}, 180_000);
