import type { Page } from 'playwright-core';
import { apiClient } from '../support/http';
import { move, newNavigator, newPatientWithApplications, type Api } from '../applications/helpers';
import { newPage, screenshot, useStackAndBrowser } from './support/browser';
import { expectAccessible } from './support/a11y';
import { logInThroughUi, scrollTop } from './support/navigator';

const env = useStackAndBrowser();
let api: Api;
beforeAll(() => {
  api = apiClient(env.stack.apiUrl);
});

const chip = (page: Page, label: string, count: number) =>
  page
    .getByRole('navigation', { name: 'Filter by state' })
    .getByRole('button', { name: `${label} ${count}`, exact: true });
const medications = (page: Page) => page.locator('table tbody tr td:nth-child(2)').allTextContents();
/** Every address the page had: each load, and each one the app wrote into the history. */
const addresses = (page: Page) => page.evaluate(() => (window as unknown as { __addresses: string[] }).__addresses);

test('the work queue’s search words stay out of the address and its history; the state filter stays in it', async () => {
  const alma = await newPatientWithApplications(api, ['Eliquis', 'Ozempic'], { firstName: 'Alma', lastName: 'Reyes' });
  const boris = await newPatientWithApplications(api, ['Humira'], { firstName: 'Boris', lastName: 'Chen' });
  const navigator = await newNavigator(env.stack, api);
  expect((await move(api, navigator.token, boris.applications[0].id, 'AWAITING_DOCUMENTS')).status).toBe(200);

  const { page, context, pageErrors } = await newPage(env.browser, 'desktop', env.stack.baseUrl);
  await context.addInitScript(() => {
    const w = window as unknown as { __addresses: string[] };
    w.__addresses = JSON.parse(sessionStorage.getItem('__addresses') ?? '[]');
    const keep = (url: string | URL | null | undefined) => {
      w.__addresses.push(String(url ?? location.href));
      sessionStorage.setItem('__addresses', JSON.stringify(w.__addresses));
    };
    keep(location.href);
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        keep(url ? new URL(url, location.href) : undefined);
        original(data, unused, url);
      };
    }
  });
  // Every address the browser asks for, the API's included (a proxy's access log keeps them with their query).
  // The catalogue's own addresses (/programs/{id}) are left out: a program's id names its medication, not a patient.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/v1/programs/')) asked.push(request.url());
  });
  await logInThroughUi(page, 'desktop', navigator.email);
  await page.waitForURL('**/navigator');
  await page.getByRole('heading', { name: 'Work queue' }).waitFor();

  // The state filter, by keyboard, is in the address (not health data): Back and a shared link keep it.
  await chip(page, 'Intake', 2).press('Enter');
  await page.getByText('2 applications in Intake', { exact: true }).waitFor();
  await page.waitForURL('**/navigator?state=INTAKE');

  // Words of a name, an email and a medication: searched, and never in the address.
  const search = page.getByLabel('Search applications');
  await search.focus();
  await page.keyboard.type('reyes');
  await page.getByText('2 applications in Intake matching “reyes”').waitFor();
  await search.fill('');
  await page.keyboard.type(alma.email);
  await page.getByText(`2 applications in Intake matching “${alma.email}”`).waitFor();
  await search.fill('');
  await page.keyboard.type('ozem');
  await page.keyboard.press('Enter');
  await page.getByText('1 application in Intake matching “ozem”').waitFor();
  expect(await medications(page)).toEqual(['Ozempic']);
  expect(new URL(page.url()).search).toBe('?state=INTAKE');
  await expectAccessible(page, 'the work queue searched');
  await scrollTop(page);
  await screenshot(page, 'navigator-queue-searched');

  // The search outlives the page while the console is open: a record opened from the queue, then Back, finds it.
  const link = page.locator('table').getByRole('link', { name: 'Alma Reyes' });
  await link.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Alma Reyes' }).waitFor();
  await page.goBack();
  await page.getByText('1 application in Intake matching “ozem”').waitFor();
  expect(await search.inputValue()).toBe('ozem');
  expect(new URL(page.url()).search).toBe('?state=INTAKE');
  // The console's own link to the queue finds it too, over every state.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Work queue' }).press('Enter');
  await page.getByText('1 application matching “ozem”').waitFor();
  expect(await search.inputValue()).toBe('ozem');

  const visited = await addresses(page);
  expect(visited.length).toBeGreaterThan(3);
  for (const words of ['reyes', 'ozem', alma.email, encodeURIComponent(alma.email), 'q=']) {
    expect(visited.filter((url) => url.toLowerCase().includes(words.toLowerCase()))).toEqual([]);
    expect(asked.filter((url) => url.toLowerCase().includes(words.toLowerCase()))).toEqual([]);
  }

  // An address from before, carrying words, loses them at once; its state filter stays.
  await page.goto('/navigator?state=INTAKE&q=reyes');
  await page.getByText('2 applications in Intake', { exact: true }).waitFor();
  await page.waitForURL((url) => url.search === '?state=INTAKE');
  expect(await search.inputValue()).toBe('');

  // Another state while its answer is slow to come: Intake's rows stay on screen, but the count speaks of no filter
  // until the answer for this one is in (it said "2 applications in Awaiting documents", Intake's count).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/admin/applications?*state=AWAITING_DOCUMENTS*', async (route) => {
    await held;
    await route.continue();
  });
  await chip(page, 'Awaiting documents', 1).press('Enter');
  await page.getByText('Loading applications…', { exact: true }).waitFor();
  expect(await page.getByText(/applications? in Awaiting documents/).count()).toBe(0);
  release();
  await page.getByText('1 application in Awaiting documents', { exact: true }).waitFor();
  expect(await medications(page)).toEqual(['Humira']);
  expect(pageErrors).toEqual([]);
  await context.close();
});
