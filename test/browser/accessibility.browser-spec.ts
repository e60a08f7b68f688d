import type { Locator, Page } from 'playwright-core';
import { useStackAndBrowser, newPage, uniqueEmail, type ViewportName } from './support/browser';
import { expectAccessible } from './support/a11y';
import { createNavigator, createPatient, openDashboard, waitForApplications } from './support/patient';
import { logInThroughUi } from './support/navigator';
import { eventually } from '../support/wait';

// WCAG 2.2 AA (docs/product.md, accessibility): axe-core finds no violation on any screen, with every
// dialog open, at phone and desktop width; and a visitor can sign up and reach every dialog by keyboard.
const ctx = useStackAndBrowser();

const PRESCRIPTIONS = [{ medication: 'Eliquis', dosage: '5 mg', frequency: 'Twice daily' }];

/** Clicks what opens a dialog, checks the screen with the dialog open, and closes it with Escape. */
async function checkDialog(page: Page, opener: Locator, screen: string) {
  await opener.click();
  const dialog = page.getByRole('dialog').last();
  await dialog.waitFor();
  await expectAccessible(page, screen);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

describe.each<ViewportName>(['phone', 'desktop'])('accessibility (%s)', (viewport) => {
  test('public pages and their dialogs', async () => {
    const t = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    const { page, context } = t;
    for (const path of ['/', '/diy-guide', '/terms', '/privacy', '/no-such-page']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await expectAccessible(page, path);
    }
    // The pages a mailed link opens, with a link that no longer works.
    await page.goto('/verify-email?token=not-a-token');
    await page.getByRole('heading', { name: 'Verification failed' }).waitFor();
    await expectAccessible(page, '/verify-email with a bad link');
    await page.goto('/prescriber/sign?token=not-a-token');
    await page.getByText('This link can no longer be used').waitFor();
    await expectAccessible(page, '/prescriber/sign with a bad link');

    await page.goto('/');
    await page.locator('h1').first().waitFor();
    const header = viewport === 'phone' ? page.locator('#mobile-menu') : page.getByRole('banner');
    const openMenu = async () => {
      if (viewport === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    };
    await openMenu();
    if (viewport === 'phone') await expectAccessible(page, 'the phone menu');
    await checkDialog(page, header.getByRole('button', { name: 'Log In' }), 'the login dialog');
    await openMenu();
    await header.getByRole('button', { name: 'Log In' }).click();
    await checkDialog(
      page,
      page.getByRole('dialog', { name: 'Welcome Back' }).getByRole('button', { name: /Forgot password/ }),
      'the forgot-password dialog',
    );
    await openMenu();
    await checkDialog(page, header.getByRole('button', { name: 'Get Started' }), 'the signup wizard');
    await checkDialog(page, page.getByRole('button', { name: 'Book a Demo' }), 'the Book a Demo dialog');

    // The contact form, as it loads when its section nears the screen, and with its errors shown.
    await page.locator('#contact').scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText('Name is required').waitFor();
    await expectAccessible(page, 'the contact form with its errors');
    // The forms built and ran their zod schemas without tripping the content security policy.
    expect(t.console.filter((line) => /Content Security Policy|unsafe-eval/i.test(line))).toEqual([]);
    await context.close();
  }, 120_000);

  test('the dashboard and each of its dialogs', async () => {
    const { page, context } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    const patient = await createPatient(ctx.stack, { tier: 'DIY_INSTRUCTIONS', prescriptions: PRESCRIPTIONS });
    await waitForApplications(patient, 1);
    await openDashboard(page, patient);
    await page.getByRole('button', { name: /Eliquis application: .* View details/ }).waitFor();
    await expectAccessible(page, 'the dashboard');

    for (const action of [
      'Edit Profile',
      'Manage Insurance',
      'Manage Doctors',
      'Manage Prescriptions',
      'Edit Eligibility',
      'Update Documents',
      'Contact Support',
    ]) {
      await checkDialog(page, page.getByRole('button', { name: action }), `the dialog of ${action}`);
    }
    await checkDialog(
      page,
      page.getByRole('button', { name: /Eliquis application: .* View details/ }),
      'the application dialog',
    );
    if (viewport === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expectAccessible(page, 'the dashboard menu');
      await checkDialog(
        page,
        page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Billing' }),
        'the billing dialog',
      );
      await page.getByRole('button', { name: 'Open menu' }).click();
      await checkDialog(
        page,
        page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Change password' }),
        'the change-password dialog',
      );
    } else {
      await checkDialog(page, page.getByRole('button', { name: 'Billing' }), 'the billing dialog');
      await checkDialog(page, page.getByRole('button', { name: 'Change password' }), 'the change-password dialog');
    }
    await context.close();
  }, 120_000);

  test("the navigators' console: queue, patient record and move dialog", async () => {
    const { page, context } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    const navigator = await createNavigator(ctx.stack);
    const patient = await createPatient(ctx.stack, { tier: 'DIY_INSTRUCTIONS', prescriptions: PRESCRIPTIONS });
    await waitForApplications(patient, 1);
    await logInThroughUi(page, viewport, navigator.email);
    await page.getByRole('navigation', { name: 'Filter by state' }).waitFor();
    await page
      .getByRole('link', { name: `${patient.firstName} Lopez` })
      .filter({ visible: true })
      .first()
      .waitFor();
    await expectAccessible(page, 'the work queue');

    await page.goto(`/navigator/patients/${patient.id}`);
    const panel = page.getByRole('region', { name: 'Eliquis', exact: true });
    await panel.waitFor();
    await expectAccessible(page, 'the patient record');
    await checkDialog(
      page,
      panel.getByRole('group', { name: 'Move Eliquis to' }).getByRole('button').first(),
      'the move dialog',
    );
    await context.close();
  }, 120_000);
});

/** The focused element's name as a keyboard user hears it: its aria-label, label or text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const labels = (el as HTMLInputElement).labels;
    const text = labels?.length ? labels[0]!.textContent : el.textContent;
    return (el.getAttribute('aria-label') ?? text ?? '').trim();
  });

/** Presses `key` (Tab, or an arrow inside a radio group) until the focused element's name matches. */
async function tabTo(page: Page, name: RegExp, key = 'Tab', max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (name.test(await focusedName(page))) return;
  }
  throw new Error(`${key} never reached ${name}`);
}

test('keyboard alone: sign up, then open and close each dashboard dialog', async () => {
  const { page, context } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await page.goto('/');
  await page.locator('h1').first().waitFor();
  const type = async (label: RegExp, text: string) => {
    await tabTo(page, label);
    await page.keyboard.type(text);
  };
  /** Enter on the focused control opens this dialog, focus moves into it, and Escape closes it. */
  const openAndClose = async (name: string) => {
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name });
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  };
  const fromTop = async () => {
    await page.goto('/');
    await page.locator('h1').first().waitFor();
  };
  // The first Tab reaches the skip link, shown while focused; Enter jumps past the header.
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Skip to content');
  expect(await page.evaluate(() => document.activeElement!.getBoundingClientRect().width)).toBeGreaterThan(20);
  await page.keyboard.press('Enter');
  await page.waitForURL(/#main$/);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement))).toBe(true);
  await fromTop();
  // The public dialogs: Log In, then Forgot password from inside it; Book a Demo.
  await tabTo(page, /^Log In$/);
  await page.keyboard.press('Enter');
  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await login.waitFor();
  expect(await login.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await tabTo(page, /Forgot password/);
  await openAndClose('Reset your password');
  await fromTop();
  await tabTo(page, /^Book a Demo$/);
  await openAndClose('Book a Demo');

  await fromTop();
  await tabTo(page, /^Get Started$/);
  await page.keyboard.press('Enter');
  const wizard = page.getByRole('dialog', { name: 'Get Started Today' });
  await wizard.waitFor();
  // Each step of the wizard is checked by axe as it comes.
  const step = async (n: number) => {
    await wizard.getByText(new RegExp(`Step ${n} of 7`)).waitFor();
    await expectAccessible(page, `signup step ${n}`);
  };
  const next = async () => {
    await tabTo(page, /^Next$/);
    await page.keyboard.press('Enter');
  };

  await step(1);
  await type(/First name/, 'Kim');
  await type(/Last name/, 'Keys');
  await type(/Email/, uniqueEmail('keys'));
  await type(/Phone/, '(614) 555-0142');
  await type(/Date of birth/, '04121961');
  await next();
  await step(2);
  await type(/Gender/, 'Female');
  await type(/Marital status/, 'Single');
  await type(/Street address/, '12 Elm Street');
  await type(/City/, 'Columbus');
  await type(/State/, 'OH');
  await type(/ZIP/, '43004');
  await next();
  await step(3);
  await type(/^\s*Password/, 'Str0ng!Pass');
  await type(/Confirm password/, 'Str0ng!Pass');
  await tabTo(page, /terms/i);
  await page.keyboard.press('Space');
  await next();
  await step(4);
  await next();
  await step(5);
  // One Tab stop for the group; the arrows choose within it.
  await tabTo(page, /Ongoing Care/);
  await tabTo(page, /DIY Toolkit/, 'ArrowDown', 3);
  await next();
  await step(6);
  await next();
  await step(7);
  await tabTo(page, /^Yes$/);
  await tabTo(page, /^No$/, 'ArrowDown', 2);
  await tabTo(page, /^Create Account$/);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Welcome back, Kim!' }).waitFor();

  for (const action of [
    'Billing',
    'Change password',
    'Edit Profile',
    'Manage Insurance',
    'Manage Doctors',
    'Manage Prescriptions',
    'Edit Eligibility',
    'Update Documents',
    'Contact Support',
  ]) {
    await tabTo(page, new RegExp(`^${action}$`));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Focus moved into the dialog, so the keyboard works there first.
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // And back to the button that opened it, not to the page's start (WCAG 2.4.3): Radix hands the focus back once
    // the dialog has unmounted, a moment after it left the page.
    await eventually(async () => (await focusedName(page)) === action, `the focus back on ${action}`);
  }
  await context.close();
}, 180_000);
