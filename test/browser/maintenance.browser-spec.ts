import { useStackAndBrowser, newPage, screenshot, type ViewportName } from './support/browser';
import { expectAccessible } from './support/a11y';

const CHAT = 'https://chat.example.test/widget.js';
const ctx = useStackAndBrowser({
  env: { MAINTENANCE_MODE: 'true', MAINTENANCE_BYPASS_CODE: 'letmein', CHAT_WIDGET_SRC: CHAT },
});

const gate = 'Site Under Maintenance';
const landing = /Brand-name medications/;

describe.each<ViewportName>(['desktop', 'phone'])('maintenance gate (%s)', (viewport) => {
  test('locked, wrong code, bypass kept for 24 hours, then expired', async () => {
    // In maintenance no page arrives pre-rendered: nothing of the site shows before the gate.
    const raw = await (await fetch(`${ctx.stack.baseUrl}/`)).text();
    expect(raw).toContain('<div id="root"></div>');
    const { page, context } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    await page.goto('/');
    await page.getByRole('heading', { name: gate }).waitFor();
    await page.getByText('Coming Soon').waitFor();
    await screenshot(page, 'maintenance', { fullPage: false });
    await expectAccessible(page, 'the maintenance page');

    await page.goto('/terms?bypass=wrong');
    await page.getByText('Invalid access code').waitFor();
    expect(await page.getByRole('heading', { name: gate }).isVisible()).toBe(true);

    await page.goto('/?bypass=letmein');
    await page.getByRole('heading', { level: 1, name: landing }).waitFor();
    expect(new URL(page.url()).search).toBe('');

    // The unlock is remembered...
    await page.goto('/diy-guide');
    await page.getByRole('heading', { level: 1, name: 'Apply for patient assistance yourself' }).waitFor();
    const until = Number(await page.evaluate(() => localStorage.getItem('maintenanceUnlockedUntil')));
    const hours = (until - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    // ...until it expires.
    await page.evaluate(() => localStorage.setItem('maintenanceUnlockedUntil', String(Date.now() - 1000)));
    await page.reload();
    await page.getByRole('heading', { name: gate }).waitFor();
    await context.close();
  }, 90_000);

  test('the chat widget loads once, on the maintenance page and on the site behind it', async () => {
    const { page, context } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    // The third-party script, answered by the test: it counts how often it ran.
    await page.route(CHAT, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'window.__chatLoads = (window.__chatLoads || 0) + 1;',
      }),
    );
    await page.goto('/');
    await page.getByRole('heading', { name: gate }).waitFor();
    await page.waitForFunction(() => (window as unknown as { __chatLoads?: number }).__chatLoads === 1);

    await page.goto('/?bypass=letmein');
    await page.getByRole('heading', { level: 1, name: landing }).waitFor();
    await page.waitForFunction(() => (window as unknown as { __chatLoads?: number }).__chatLoads === 1);
    await page.getByRole('link', { name: 'DIY Guide' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Apply for patient assistance yourself' }).waitFor();
    expect(await page.locator('script[data-chat-widget]').count()).toBe(1);
    await context.close();
  });
});
