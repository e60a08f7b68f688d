import type { Page } from 'playwright-core';
import { useStackAndBrowser, newPage } from './support/browser';
import { createPatient, openDashboard } from './support/patient';

// A tab opened before a deployment asks for code files of its own build, which the new one no longer
// serves (docs/architecture.md §1, A new build while a tab is open). Here the dashboard's code answers
// 404, as it would for a page of the build before.
const t = useStackAndBrowser();
const DASHBOARD_CODE = /\/assets\/dashboard-page-[^/]+\.js$/;

/** Every document the tab loads: the first, and each reload. */
function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on('load', () => loads.count++);
  return loads;
}

test('the dashboard of the build before loads the new build instead of an error page', async () => {
  const patient = await createPatient(t.stack);
  const { page, context } = await newPage(t.browser, 'desktop', t.stack.baseUrl);
  let asked = 0;
  await page.route(DASHBOARD_CODE, (route) =>
    asked++ === 0 ? route.fulfill({ status: 404, body: '' }) : route.fallback(),
  );
  const loads = countLoads(page);
  await openDashboard(page, patient);
  expect(asked).toBe(2);
  expect(loads.count).toBe(2);
  expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
  await context.close();
});

test('code missing from the new build too: one reload, then the error page, never a loop', async () => {
  const patient = await createPatient(t.stack);
  const { page, context } = await newPage(t.browser, 'desktop', t.stack.baseUrl);
  let asked = 0;
  await page.route(DASHBOARD_CODE, (route) => {
    asked++;
    return route.fulfill({ status: 404, body: '' });
  });
  const loads = countLoads(page);
  await openDashboard(page, patient, '/dashboard', 'Unexpected Application Error!');
  await page.getByRole('button', { name: 'Reload' }).waitFor();
  // Asked on both documents (the second one asks again as the page renders), reloaded once.
  expect(asked).toBeGreaterThanOrEqual(2);
  expect(loads.count).toBe(2);
  await context.close();
});
