import type { Page } from 'playwright-core';
import { apiClient } from '../support/http';
import { newNavigator } from '../applications/helpers';
import { seedDecisions } from '../admin/helpers';
import { expectAccessible } from './support/a11y';
import { newPage, screenshot, useStackAndBrowser, type ViewportName } from './support/browser';
import { logInThroughUi, scrollTop } from './support/navigator';

const ctx = useStackAndBrowser();

/** A visually hidden table's rows as text, one array of cells per row (header row included). */
const tableRows = (page: Page, caption: string) =>
  page
    .locator('table', { has: page.locator('caption', { hasText: caption }) })
    .locator('tr')
    .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').trim())));

/** A navigator and the decisions behind the charts. */
const seedNavigatorWithDecisions = async () => {
  const api = apiClient(ctx.stack.apiUrl);
  const navigator = await newNavigator(ctx.stack, api);
  await seedDecisions(ctx.stack, api, navigator.token);
  return navigator;
};

test('a navigator opens Insights and reads the figures behind the charts, at phone and desktop width', async () => {
  const navigator = await seedNavigatorWithDecisions();

  for (const viewport of ['desktop', 'phone'] as ViewportName[]) {
    const { page, context, pageErrors } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    await logInThroughUi(page, viewport, navigator.email);
    await page.waitForURL('**/navigator');
    // The console's link is reachable from the keyboard.
    const link = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Insights' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/navigator/insights');
    await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();

    const median = page.getByRole('region', { name: 'Median days to a decision' });
    await median.getByText('3 days', { exact: true }).waitFor();
    await median.getByText('over 3 decided applications', { exact: false }).waitFor();

    const programs = page.getByRole('region', { name: 'Approvals and denials by program' });
    await programs.getByText('1 approval and 2 denials across 2 programs.').waitFor();
    expect(await tableRows(page, 'Approvals and denials by program')).toEqual([
      ['Program', 'Approved', 'Denied'],
      ['AZ&Me Prescription Savings Program', '0', '1'],
      ['Lilly Cares Foundation Patient Assistance Program', '1', '1'],
    ]);

    const states = page.getByRole('region', { name: 'Applications by state, last 90 days' });
    await states.getByText('Today: 1 Intake, 2 Approved, 1 Denied.').waitFor();
    const rows = await tableRows(page, 'Applications in each state at the end of each day');
    expect(rows).toHaveLength(91);
    const header = rows[0];
    const today = Object.fromEntries(header.slice(1).map((h, i) => [h, rows[90][i + 1]]));
    expect(today).toMatchObject({ Intake: '1', Approved: '2', Denied: '1', Submitted: '0' });
    const fourDaysAgo = Object.fromEntries(header.slice(1).map((h, i) => [h, rows[86][i + 1]]));
    expect(fourDaysAgo).toMatchObject({ Intake: '0', Approved: '2', Denied: '0', Submitted: '1' });
    // The charts are drawn (hidden from screen readers, which read the tables).
    expect(await page.locator('.recharts-area').count()).toBeGreaterThan(0);
    expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);

    await expectAccessible(page, `insights (${viewport})`);
    await scrollTop(page);
    await screenshot(page, 'insights');
    expect(pageErrors).toEqual([]);
    await context.close();
  }
});
