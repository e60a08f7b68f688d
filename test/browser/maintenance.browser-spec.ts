import type { Browser } from 'playwright-core';
import { startStack, type TestStack } from '../support/stack';
import { launchBrowser, newPage, screenshot, type ViewportName } from './support/browser';

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack({ env: { MAINTENANCE_MODE: 'true', MAINTENANCE_BYPASS_CODE: 'letmein' } });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

const gate = 'Site Under Maintenance';
const landing = /Brand-name medications/;

describe.each<ViewportName>(['desktop', 'phone'])('maintenance gate (%s)', (viewport) => {
  test('locked, wrong code, bypass kept for 24 hours, then expired', async () => {
    const { page, context } = await newPage(browser, viewport, stack.baseUrl);
    await page.goto('/');
    await page.getByRole('heading', { name: gate }).waitFor();
    await page.getByText('Coming Soon').waitFor();
    await screenshot(page, 'maintenance', { fullPage: false });

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
});
