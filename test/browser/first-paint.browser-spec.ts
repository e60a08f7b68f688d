import { useStackAndBrowser, newPage, screenshot } from './support/browser';

// A pre-rendered page as a phone gets it on a slow network: it paints before its code arrives
// (docs/architecture.md §1, What loads first). The test holds the app's JavaScript until it has
// tapped, then lets it through.
const ctx = useStackAndBrowser();

test('at first paint a phone shows the support contacts, and the controls are visibly inert until they work', async () => {
  const t = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
  const { page } = t;
  await page.setViewportSize({ width: 375, height: 812 });
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let scriptHeld!: () => void;
  const held = new Promise<void>((resolve) => (scriptHeld = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    scriptHeld();
    await released;
    await route.continue();
  });
  // Not page.goto, which waits for the app to hydrate.
  await page.mainFrame().goto(`${ctx.stack.baseUrl}/`, { waitUntil: 'commit' });
  await held;

  const demo = page.getByRole('button', { name: 'Book a Demo' });
  await demo.waitFor();
  // The support contacts of the server's settings, before any code ran or any /config answered.
  const footer = page.locator('footer');
  await footer.getByRole('link', { name: 'support@rxbridge.test' }).waitFor();
  await footer.getByRole('link', { name: '(800) 555-0199' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

  // Visibly not ready (dimmed after a moment), and a tap goes nowhere instead of being lost.
  await demo.scrollIntoViewIfNeeded();
  const button = (await demo.elementHandle())!;
  await page.waitForFunction((el) => getComputedStyle(el).opacity === '0.5', button);
  expect(await demo.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
  await screenshot(page, 'first-paint-not-ready', { fullPage: false });
  const box = (await demo.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  // The checker's place holds nothing to type into until its code runs: no typing can be lost there.
  const section = page.locator('#check-eligibility');
  await section.scrollIntoViewIfNeeded();
  expect(await section.locator('input, select, textarea').count()).toBe(0);
  expect(await page.getByRole('dialog').count()).toBe(0);

  release();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  expect(await demo.evaluate((el) => [getComputedStyle(el).opacity, getComputedStyle(el).pointerEvents])).toEqual([
    '1',
    'auto',
  ]);
  await demo.scrollIntoViewIfNeeded();
  await demo.tap();
  const dialog = page.getByRole('dialog', { name: 'Book a Demo' });
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  // The checker, once there, checks.
  await section.scrollIntoViewIfNeeded();
  const form = page.getByRole('form', { name: 'Check if you qualify' });
  const medication = form.getByRole('combobox', { name: 'Medication' });
  await medication.waitFor();
  await page.waitForFunction(() => !document.querySelector('input[placeholder="Loading medications…"]'));
  await medication.tap();
  await medication.pressSequentially('ozempic');
  await form.getByRole('option', { name: /^Ozempic/ }).tap();
  await form.getByLabel('People in your household').fill('1');
  await form.getByLabel('Household income ($)').fill('20000');
  await form.getByLabel('State').selectOption('OH');
  await form.getByLabel('What kind of plan is it?').selectOption('NONE');
  await form.getByRole('button', { name: 'Check eligibility' }).tap();
  await page
    .getByRole('region', { name: 'Your result' })
    .getByRole('heading', { name: 'Results for Ozempic' })
    .waitFor();

  // The page's settings were enough: no /config request, and hydration matched the served HTML.
  expect(requested.filter((url) => url.includes('/api/v1/config'))).toEqual([]);
  expect(t.console.filter((line) => /hydrat|did not match/i.test(line))).toEqual([]);
  expect(t.pageErrors).toEqual([]);
  await t.context.close();
}, 120_000);
