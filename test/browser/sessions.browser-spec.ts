import type { Request } from 'playwright-core';
import { useStackAndBrowser, newPage } from './support/browser';
import { createPatient, openDashboard } from './support/patient';
import { expectAccessible } from './support/a11y';
import { apiClient } from '../support/http';

// Access tokens of a minute, renewed on every start (a minute before they expire); patients sign out
// after 30 seconds without activity, the "Still there?" dialog 10 seconds before (docs/product.md §7.2).
const env = { ACCESS_TOKEN_TTL_SECONDS: '60', SESSION_IDLE_MINUTES_PATIENT: '0.5' };
const t = useStackAndBrowser({ env });

const dashboardOf = (firstName: string) => `h1:has-text("Welcome back, ${firstName}!")`;

test('two tabs of one patient refresh at the same moment and both stay signed in', async () => {
  const patient = await createPatient(t.stack);
  const first = await newPage(t.browser, 'desktop', t.stack.baseUrl);
  await openDashboard(first.page, patient);
  // A second tab of the same browser: it shares the stored session.
  const second = await first.context.newPage();
  // Every refresh token the tabs present (the HttpOnly cookie the browser sends; docs/architecture.md
  // §9): one tab at a time means never the same one twice, except
  // - a refresh cut off by the page reloading (its answer, the next token, may never have reached the
  //   cookie jar, whether the request was aborted or its answer came as the page was being replaced):
  //   that token is presented again after the reload;
  // - the other tab presenting it right after: the tabs wait for each other through the access token
  //   in localStorage, which Chromium hands to the other tabs' processes asynchronously.
  // The server's grace (5 seconds) answers both with the same pair, and the tabs stay signed in.
  const pages = [first.page, second];
  const loads = pages.map(() => 0); // documents each tab has loaded, counted as they commit
  pages.forEach((p, i) =>
    p.on('framenavigated', (frame) => {
      if (frame === p.mainFrame()) loads[i]++;
    }),
  );
  // The test runs in steps; `ends[k]` is each tab's document count when step k was over. Events of two
  // pages may reach the test out of order (a tab's new document can be reported after the other tab's
  // next request), so the document that presented a token counts as replaced if it was by the end of
  // the step in which the token came again. That may be a later step: a tab's start-up refresh can
  // still be on its way when its dashboard shows and the step ends, and be cut off by the next step's
  // reload.
  let step = 0;
  const ends: number[][] = [];
  const endStep = () => {
    ends[step++] = [...loads];
  };
  type Presented = { token: string; tab: number; loads: number[]; step: number; at: number; cutOff: boolean };
  const presented: Presented[] = [];
  const byRequest = new Map<Request, Presented>();
  const reads: Promise<unknown>[] = [];
  const isRefresh = (r: { method(): string; url(): string }) =>
    r.method() === 'POST' && r.url().endsWith('/api/v1/auth/refresh');
  const cookieOf = async (r: Request) =>
    /(?:^|;\s*)rxb_refresh=([^;]+)/.exec((await r.allHeaders()).cookie ?? '')?.[1] ?? '';
  first.context.on('request', (r) => {
    if (!isRefresh(r)) return;
    const entry = {
      token: '',
      tab: pages.indexOf(r.frame().page()),
      loads: [...loads],
      step,
      at: Date.now(),
      cutOff: false,
    };
    presented.push(entry);
    byRequest.set(r, entry);
    reads.push(cookieOf(r).then((token) => (entry.token = token)));
  });
  first.context.on('requestfailed', (r) => {
    const entry = byRequest.get(r);
    if (entry) entry.cutOff = true;
  });
  await second.goto('/dashboard');
  await second.locator(dashboardOf(patient.firstName)).waitFor();
  endStep();

  // Both reload at once: each start renews the short-lived access token, one tab at a time.
  await Promise.all([first.page.reload(), second.reload()]);
  await first.page.locator(dashboardOf(patient.firstName)).waitFor();
  await second.locator(dashboardOf(patient.firstName)).waitFor();
  endStep();

  // Still one live session: the stored token works, neither tab was signed out, and no refresh token
  // is in storage.
  const stored = await second.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    refreshToken: localStorage.getItem('refreshToken'),
  }));
  expect(stored.refreshToken).toBeNull();
  const api = apiClient(t.stack.apiUrl);
  expect((await api.get('/users/profile', stored.token!)).status).toBe(200);
  await second.reload();
  await second.locator(dashboardOf(patient.firstName)).waitFor();
  endStep();
  await first.page.reload();
  await first.page.locator(dashboardOf(patient.firstName)).waitFor();
  endStep();
  await Promise.all(reads);
  expect(presented.length).toBeGreaterThan(0);
  expect(presented.every((p) => p.token)).toBe(true);
  const cutOff = new Set(presented.filter((p) => p.cutOff).map((p) => p.token));
  // A token presented again is fine only if the document that presented it before was replaced, or
  // if the other tab presented it within the grace; never a third time.
  const GRACE_MS = 5_000;
  const twice = presented.filter((p, i) => {
    const before = presented.slice(0, i).filter((q) => q.token === p.token);
    const staleRead = (q: (typeof before)[number]) => q.tab !== p.tab && p.at - q.at < GRACE_MS;
    const replaced = (q: (typeof before)[number]) => cutOff.has(q.token) || ends[p.step][q.tab] > q.loads[q.tab];
    return before.length > 1 || before.some((q) => !replaced(q) && !staleRead(q));
  });
  expect(twice.map((p) => p.token)).toEqual([]);
  expect(first.pageErrors).toEqual([]);
  await first.context.close();
});

test('an idle patient is asked "Still there?", a key keeps the session, and later idleness signs out', async () => {
  const patient = await createPatient(t.stack);
  const { page, context, pageErrors } = await newPage(t.browser, 'desktop', t.stack.baseUrl);
  await openDashboard(page, patient);

  const stillThere = page.getByRole('alertdialog', { name: 'Still there?' });
  await stillThere.waitFor({ timeout: 60_000 });
  await expectAccessible(page, 'the "Still there?" dialog');
  await page.keyboard.press('Shift');
  await stillThere.waitFor({ state: 'hidden' });

  // Asked again only after a whole new idle stretch: the key kept the session past its first limit.
  await stillThere.waitFor({ timeout: 60_000 });
  await page.locator(dashboardOf(patient.firstName)).waitFor({ state: 'attached' });
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const api = apiClient(t.stack.apiUrl);
  expect((await api.get('/users/profile', token!)).status).toBe(200);

  // No answer: signed out, and the login says why.
  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await login.waitFor({ timeout: 60_000 });
  await login.getByText('You were signed out after a period of inactivity').waitFor();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  // Ended on the server too.
  expect((await api.get('/users/profile', token!)).status).toBe(401);
  expect(pageErrors).toEqual([]);
  await context.close();
  // Two idle stretches of 20 and 30 seconds one after the other: more than jest's default minute.
}, 120_000);
