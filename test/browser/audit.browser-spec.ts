import type { Page } from 'playwright-core';
import { apiClient } from '../support/http';
import { newNavigator, newPatientWithApplications, type Api } from '../applications/helpers';
import { newPage, screenshot, useStackAndBrowser } from './support/browser';
import { expectAccessible } from './support/a11y';
import { logInThroughUi, scrollTop } from './support/navigator';

const env = useStackAndBrowser();
let api: Api;
beforeAll(() => {
  api = apiClient(env.stack.apiUrl);
});

const rows = (page: Page) => page.locator('table tbody tr');
/** The row of one staff member's read of one patient's record. */
const readRow = (page: Page, staffId: string, patientId: string) =>
  rows(page).filter({ hasText: 'Read patient record' }).filter({ hasText: staffId }).filter({ hasText: patientId });

/** Two navigators each read one patient's record over the API: two `patient.read` audit rows. */
async function twoReads() {
  const alma = await newPatientWithApplications(api, ['Eliquis'], { firstName: 'Alma', lastName: 'Reyes' });
  const boris = await newPatientWithApplications(api, [], { firstName: 'Boris', lastName: 'Chen' });
  const navigator = await newNavigator(env.stack, api);
  const colleague = await newNavigator(env.stack, api);
  expect((await api.get(`/admin/patients/${alma.id}`, navigator.token)).status).toBe(200);
  expect((await api.get(`/admin/patients/${boris.id}`, colleague.token)).status).toBe(200);
  return { alma, boris, navigator, colleague };
}

test('an admin reads the audit log: a navigator’s read of a patient, filtered by patient and by staff member', async () => {
  const { alma, boris, navigator, colleague } = await twoReads();
  const admin = await newNavigator(env.stack, api, 'ADMIN');

  const { page, context, pageErrors } = await newPage(env.browser, 'desktop', env.stack.baseUrl);
  await logInThroughUi(page, 'desktop', admin.email);
  await page.waitForURL('**/navigator');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  await page.waitForURL('**/navigator/audit');
  await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();

  // Both reads, newest first: the colleague's read came last.
  const mine = readRow(page, navigator.id, alma.id);
  const theirs = readRow(page, colleague.id, boris.id);
  await mine.waitFor();
  await theirs.waitFor();
  const ids = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-audit-id')));
  const order = await Promise.all([theirs, mine].map((r) => r.getAttribute('data-audit-id')));
  expect(ids.indexOf(order[0])).toBeLessThan(ids.indexOf(order[1]));
  for (const header of ['Time', 'Staff member', 'Action', 'Patient', 'Details'])
    await page.getByRole('columnheader', { name: header }).waitFor();
  await mine.getByText('Navigator', { exact: true }).waitFor();
  await scrollTop(page);
  await screenshot(page, 'audit-log');
  await expectAccessible(page, 'the audit log (desktop)');

  // By patient id, typed: Alma's read stays, Boris's goes; the filter is in the address.
  await page.getByLabel('Patient id').fill(alma.id);
  await page.getByRole('button', { name: 'Filter' }).click();
  await theirs.waitFor({ state: 'detached' });
  await mine.waitFor();
  expect(new URL(page.url()).searchParams.get('patientId')).toBe(alma.id);
  for (const text of await rows(page).allTextContents()) expect(text).not.toContain(boris.id);
  await screenshot(page, 'audit-log-patient');

  // Clear, then by staff member, clicking the colleague's id in their row.
  await page.getByRole('button', { name: 'Clear' }).click();
  await theirs.waitFor();
  await theirs.getByRole('button', { name: colleague.id }).click();
  await mine.waitFor({ state: 'detached' });
  await theirs.waitFor();
  expect(await page.getByLabel('Staff member id').inputValue()).toBe(colleague.id);
  for (const text of await rows(page).allTextContents()) expect(text).toContain(colleague.id);

  // By staff id, typed with the keyboard: the navigator's own reads.
  const staff = page.getByLabel('Staff member id');
  await staff.fill(navigator.id);
  await staff.press('Enter');
  await theirs.waitFor({ state: 'detached' });
  await mine.waitFor();

  // Something that is not an id: the API's message, naming the field.
  await staff.fill('not-an-id');
  await staff.press('Enter');
  await page.getByText('Failed to load the audit log').waitFor();
  await page.getByText('staffId must be an id').waitFor();
  // The rows last read stay under the failure, with their count (docs/product.md §8, Paged lists).
  expect(await mine.count()).toBe(1);
  expect(await page.locator('#audit-heading').innerText()).toMatch(/^\d+ entr(y|ies) matching the filters$/);
  await screenshot(page, 'audit-log-error');

  // Nobody matches a fresh id: the empty state.
  await staff.fill('00000000-0000-4000-8000-000000000000');
  await staff.press('Enter');
  await page.getByText('No entries match these filters.').waitFor();

  // Boris's reads, never asked for before, while their page is slow to come: the empty text was the last filter's
  // answer and says nothing of this one, so it goes at once; the rows come with the answer.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const reading = new Promise<void>((resolve) => (asked = resolve));
  await page.route(`**/api/v1/admin/audit?*patientId=${boris.id}*`, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  await staff.fill('');
  await page.getByLabel('Patient id').fill(boris.id);
  await page.getByRole('button', { name: 'Filter' }).click();
  await reading;
  expect(await page.getByText('No entries match these filters.').count()).toBe(0);
  release();
  await theirs.waitFor();
  expect(pageErrors).toEqual([]);
  await context.close();
});

test('on a phone: an admin’s audit log is accessible; a navigator has no link and gets the 404 page', async () => {
  const { alma, navigator } = await twoReads();
  const admin = await newNavigator(env.stack, api, 'ADMIN');

  const asAdmin = await newPage(env.browser, 'phone', env.stack.baseUrl);
  await logInThroughUi(asAdmin.page, 'phone', admin.email);
  await asAdmin.page.waitForURL('**/navigator');
  await asAdmin.page.getByRole('link', { name: 'Audit log' }).click();
  await asAdmin.page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
  await readRow(asAdmin.page, navigator.id, alma.id).waitFor();
  await screenshot(asAdmin.page, 'audit-log');
  await expectAccessible(asAdmin.page, 'the audit log (phone)');
  expect(asAdmin.pageErrors).toEqual([]);
  await asAdmin.context.close();

  const { page, context, pageErrors } = await newPage(env.browser, 'phone', env.stack.baseUrl);
  await logInThroughUi(page, 'phone', navigator.email);
  await page.waitForURL('**/navigator');
  await page.getByRole('heading', { name: 'Work queue' }).waitFor();
  expect(await page.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
  await page.goto('/navigator/audit');
  await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
  // The API says no as well.
  expect((await api.get('/admin/audit', navigator.token)).status).toBe(403);
  expect(pageErrors).toEqual([]);
  await context.close();
});

test('the audit log pages by 50, newest first', async () => {
  const patient = await newPatientWithApplications(api, [], { firstName: 'Pia' });
  const navigator = await newNavigator(env.stack, api);
  for (let i = 0; i < 51; i++)
    expect((await api.get(`/admin/patients/${patient.id}`, navigator.token)).status).toBe(200);
  const admin = await newNavigator(env.stack, api, 'ADMIN');

  const { page, context, pageErrors } = await newPage(env.browser, 'desktop', env.stack.baseUrl);
  await logInThroughUi(page, 'desktop', admin.email);
  await page.waitForURL('**/navigator');
  await page.goto(`/navigator/audit?staffId=${navigator.id}`);
  await page.getByRole('heading', { name: '51 entries matching the filters' }).waitFor();
  expect(await rows(page).count()).toBe(50);
  const firstOfPageOne = await rows(page).first().getAttribute('data-audit-id');
  const lastTimeOfPageOne = await rows(page).last().locator('time').getAttribute('datetime');
  const pages = page.getByRole('navigation', { name: 'Audit log pages' });
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await rows(page).nth(1).waitFor({ state: 'detached' });
  expect(await rows(page).count()).toBe(1);
  expect(await rows(page).first().getAttribute('data-audit-id')).not.toBe(firstOfPageOne);
  expect(new URL(page.url()).searchParams.get('page')).toBe('2');
  // The oldest read is the one left for page 2.
  const timeOfPageTwo = await rows(page).first().locator('time').getAttribute('datetime');
  expect(Date.parse(timeOfPageTwo!)).toBeLessThanOrEqual(Date.parse(lastTimeOfPageOne!));
  await pages.getByRole('button', { name: 'Page 2' }).and(page.locator('[aria-current="page"]')).waitFor();
  await screenshot(page, 'audit-log-page-2');
  expect(pageErrors).toEqual([]);
  await context.close();
});
