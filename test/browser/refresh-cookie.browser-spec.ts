import { useStackAndBrowser, newPage } from './support/browser';
import { createPatient } from './support/patient';
import { PASSWORD } from '../support/factories';

// Access tokens of a minute, so every start of the app renews its session through the refresh cookie
// (a minute before expiry); a chat widget configured, to see where it loads (docs/product.md §9).
const CHAT = 'https://chat.example.test/widget.js';
const t = useStackAndBrowser({ env: { ACCESS_TOKEN_TTL_SECONDS: '60', CHAT_WIDGET_SRC: CHAT } });

const chatLoads = () => (window as unknown as { __chatLoads?: number }).__chatLoads ?? 0;

test('the refresh token lives only in an HttpOnly cookie, a reload keeps the patient signed in, and the chat stays off the dashboard', async () => {
  const patient = await createPatient(t.stack);
  const { page, context, pageErrors } = await newPage(t.browser, 'desktop', t.stack.baseUrl);
  // The third-party script, answered by the test: it counts how often it ran in the document.
  await page.route(CHAT, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__chatLoads = (window.__chatLoads || 0) + 1;' }),
  );

  // A visitor's landing page has the chat; signing in leaves for the dashboard without it.
  await page.goto('/');
  await page.waitForFunction(() => (window as unknown as { __chatLoads?: number }).__chatLoads === 1);
  await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await login.getByLabel('Email').fill(patient.email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log In' }).click();
  const dashboard = page.locator('h1').filter({ hasText: `Welcome back, ${patient.firstName}!` });
  await dashboard.waitFor();
  // The document that ran the chat is replaced: the dashboard's has neither the script nor its effects.
  await page.waitForFunction(() => !document.querySelector('script[data-chat-widget]'));
  await dashboard.waitFor();
  expect(await page.locator('script[data-chat-widget]').count()).toBe(0);
  expect(await page.evaluate(chatLoads)).toBe(0);

  const refreshCookies = async () => (await context.cookies()).filter((c) => c.name === 'rxb_refresh');
  const cookies = await refreshCookies();
  expect(cookies.map((c) => c.path).sort()).toEqual(['/api/v1/auth/refresh', '/api/v1/users/logout']);
  for (const c of cookies) expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: false });
  const stored = async () =>
    page.evaluate(() => ({
      values: Object.keys(localStorage).map((k) => localStorage.getItem(k)),
      keys: Object.keys(localStorage),
      documentCookie: document.cookie,
    }));
  const before = await stored();
  expect(before.keys).not.toContain('refreshToken');
  expect(before.values).not.toContain(cookies[0].value);
  expect(before.documentCookie).not.toContain('rxb_refresh');

  // A reload renews the minute-long access token with the cookie alone and stays signed in.
  const renewed = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh'));
  await page.reload();
  expect((await renewed).status()).toBe(200);
  await dashboard.waitFor();
  const after = await refreshCookies();
  expect(after).toHaveLength(2);
  expect(after[0].value).not.toBe(cookies[0].value);
  expect((await stored()).values).not.toContain(after[0].value);
  expect(await page.locator('script[data-chat-widget]').count()).toBe(0);
  expect(pageErrors).toEqual([]);
  await context.close();
});
