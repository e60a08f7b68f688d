import type { Page } from 'playwright-core';
import { MESSAGES } from '@rxbridge/contracts';
import { useStackAndBrowser, newPage, screenshot, toast, type ViewportName } from './support/browser';
import { createPatient, openDashboard } from './support/patient';
import { expectAccessible } from './support/a11y';
import { PASSWORD } from '../support/factories';

const ctx = useStackAndBrowser();

const NEW_PASSWORD = 'N3w!Password';

async function openChangePassword(page: Page, viewport: ViewportName) {
  if (viewport === 'phone') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#dashboard-menu').getByRole('button', { name: 'Change password' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Change password' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.waitFor();
  return dialog;
}

describe.each<ViewportName>(['desktop', 'phone'])('account passwords (%s)', (viewport) => {
  test('resets the password from the emailed link, then logs in with it', async () => {
    const p = await createPatient(ctx.stack);
    expect((await p.api.post('/auth/forgot-password', { email: p.email })).status).toBe(200);
    const mail = await ctx.stack.mail.waitFor(
      (m) => m.to.includes(p.email) && /\/reset-password\?token=/.test(m.text),
      20_000,
    );
    const link = /https?:\/\/\S+\/reset-password\?token=[^\s)"'>]+/.exec(mail.text)![0];
    expect(link.startsWith(ctx.stack.baseUrl)).toBe(true);

    const { page, context } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    // The single-use token leaves the address bar (and so the history) once read.
    await page.waitForURL(`${ctx.stack.baseUrl}/reset-password`);
    expect(await page.title()).toBe('Reset your password | RxBridge');

    // The code flow's rules and messages.
    const form = page.getByRole('form', { name: 'Set a new password' });
    await form.getByLabel('New password', { exact: true }).fill('weak');
    await form.getByLabel('Confirm new password').fill('weak2');
    await form.getByRole('button', { name: 'Reset Password' }).click();
    await form.getByText(MESSAGES.passwordRule).waitFor();
    await form.getByText(MESSAGES.passwordsDoNotMatch).waitFor();
    await expectAccessible(page, 'reset password page with errors');
    await screenshot(page, 'reset-password-errors', { fullPage: false });

    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await form.getByText(MESSAGES.passwordsDoNotMatch).waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password reset' }).waitFor();
    await page.getByText(MESSAGES.passwordResetDone).waitFor();
    await expectAccessible(page, 'reset password done');
    await screenshot(page, 'reset-password-done', { fullPage: false });
    // The reset ended the session the patient had before.
    expect((await p.api.get('/users/profile', p.token)).status).toBe(401);

    await page.getByRole('button', { name: 'Log In' }).click();
    const login = page.getByRole('dialog', { name: 'Welcome Back' });
    await login.waitFor();
    await login.getByLabel('Email').fill(p.email);
    await login.getByLabel('Password').fill(NEW_PASSWORD);
    await login.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('heading', { name: `Welcome back, ${p.firstName}!` }).waitFor();
    await context.close();

    // The same link again: the server's message, and a way to ask for a new reset.
    const second = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    await second.page.goto(link);
    await second.page.getByRole('button', { name: 'Reset Password' }).waitFor();
    const again = second.page.getByRole('form', { name: 'Set a new password' });
    await again.getByLabel('New password', { exact: true }).fill('An0ther!Pass');
    await again.getByLabel('Confirm new password').fill('An0ther!Pass');
    await again.getByRole('button', { name: 'Reset Password' }).click();
    await second.page.getByRole('heading', { name: "This link can't be used" }).waitFor();
    await second.page.getByText(MESSAGES.invalidResetToken).waitFor();
    await expectAccessible(second.page, 'reset password link used');
    await screenshot(second.page, 'reset-password-link-used', { fullPage: false });
    await second.page.getByRole('button', { name: 'Request a New Reset' }).click();
    await second.page.getByRole('dialog', { name: 'Reset your password' }).waitFor();
    await second.context.close();
  }, 120_000);

  test('changes the password from the dashboard: the server message, success, the other session ended', async () => {
    const p = await createPatient(ctx.stack);
    const other = await p.api.post('/users/login', { email: p.email, password: PASSWORD });
    expect(other.status).toBe(200);

    const { page, context } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    await openDashboard(page, p);
    const dialog = await openChangePassword(page, viewport);
    await expectAccessible(page, 'change password dialog');
    await screenshot(page, 'change-password-dialog', { fullPage: false });

    await dialog.getByLabel('Current password').fill('Wr0ng!Pass');
    await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.currentPasswordWrong }).first().waitFor();
    await expectAccessible(page, 'change password dialog with the server error');
    await screenshot(page, 'change-password-wrong-current', { fullPage: false });

    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Password Changed').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // This browser stays signed in; the other session and the old password no longer work.
    await page.reload();
    await page.getByRole('heading', { name: `Welcome back, ${p.firstName}!` }).waitFor();
    expect((await p.api.get('/users/profile', other.body.data.token)).status).toBe(401);
    const old = await p.api.post('/users/login', { email: p.email, password: PASSWORD });
    expect(old.status).toBe(401);
    expect(old.body.message).toBe(MESSAGES.invalidCredentials);
    expect((await p.api.post('/users/login', { email: p.email, password: NEW_PASSWORD })).status).toBe(200);
    await context.close();
  }, 120_000);
});
