import type { Page, Route } from 'playwright-core';
import { MESSAGES } from '@rxbridge/contracts';
import { PAP_CATALOGUE } from '@rxbridge/domain';
import { apiClient } from '../support/http';
import { PASSWORD } from '../support/factories';
import { FAX_PROGRAM, matchedByItsMedication, signingPatient } from '../applications/signing-helpers';
import { expectAccessible } from './support/a11y';
import { newPage, toast, useStackAndBrowser } from './support/browser';
import { createPatient, openDashboard } from './support/patient';

// A dialog the patient closes while what it sends is on its way still says how it went (docs/product.md §17, §7.3):
// the answer comes once the dialog is gone, and a refusal is toasted.
const ctx = useStackAndBrowser();

/**
 * Holds the next `method` call to `url` until the returned `release` is called; `sent` resolves once it left the page.
 * Released, it goes on to the API, or is answered by `answer` instead.
 */
async function holdNext(page: Page, url: string, method: string, answer?: (route: Route) => Promise<void>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let leave!: () => void;
  const sent = new Promise<void>((resolve) => (leave = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.continue();
    leave();
    await released;
    await (answer ? answer(route) : route.continue());
  });
  return { sent, release };
}

/** The patient's application opened from its card, and its "What we still need from you". */
async function openApplication(page: Page, medication: string) {
  await page.locator(`[aria-label="${medication} application"]`).getByRole('button', { name: 'View details' }).click();
  const details = page.getByRole('dialog', { name: `${medication} application` });
  return { details, needed: details.getByRole('region', { name: 'What we still need from you' }) };
}

test('the signing dialog closed while the signature is on its way says the signature was refused, and why', async () => {
  const api = apiClient(ctx.stack.apiUrl);
  const medication = FAX_PROGRAM.medications[0].brand;
  const patient = await signingPatient(api, medication);
  const { page, context, pageErrors } = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
  await openDashboard(page, { ...patient, api, baseUrl: ctx.stack.baseUrl, checkoutUrl: null });
  const { details, needed } = await openApplication(page, medication);
  await needed.getByRole('button', { name: 'Sign', exact: true }).click();
  const signing = page.getByRole('dialog', { name: `Sign your ${medication} application` });
  // Another name than the profile's: the API refuses it, once the patient has closed the dialog.
  await signing.getByLabel('Full name').fill('Somebody Else');
  await signing.getByLabel(/I certify that the information/).check();
  await signing.getByLabel('I give this HIPAA authorization.').check();
  const { sent, release } = await holdNext(page, '**/api/v1/applications/*/patient-signature', 'POST');
  await signing.getByRole('button', { name: 'Sign', exact: true }).click();
  await sent;
  await page.keyboard.press('Escape');
  await signing.waitFor({ state: 'detached' });
  release();
  const refused = toast(page, `Your signature on the ${medication} application was not recorded`);
  await refused.getByText('Please type your own first and last name as they appear on your profile').waitFor();
  await needed.getByRole('button', { name: 'Sign', exact: true }).waitFor();
  await expectAccessible(page, 'the application, its signing refused after the dialog closed');
  expect(await details.isVisible()).toBe(true);
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);

test('the application closed while its ship-to choice is saved still says it was not saved', async () => {
  const api = apiClient(ctx.stack.apiUrl);
  const program = PAP_CATALOGUE.find((p) => matchedByItsMedication(p) && p.application.shipTo.length > 1)!;
  const medication = program.medications[0].brand;
  const patient = await signingPatient(api, medication);
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openDashboard(page, { ...patient, api, baseUrl: ctx.stack.baseUrl, checkoutUrl: null });
  const { details, needed } = await openApplication(page, medication);
  await needed.getByLabel('Patient’s home').check();
  const { sent, release } = await holdNext(page, '**/api/v1/applications/*/ship-to', 'PUT', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: MESSAGES.serviceUnavailable }),
    }),
  );
  await needed.getByRole('button', { name: 'Save', exact: true }).click();
  await sent;
  await page.keyboard.press('Escape');
  await details.waitFor({ state: 'detached' });
  release();
  await toast(page, 'Not saved').getByText(MESSAGES.serviceUnavailable).waitFor();
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);

test('Change password cancelled while the change is on its way still says it was refused, and why', async () => {
  const patient = await createPatient(ctx.stack);
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  await page.getByRole('banner').getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  // A current password mistyped: the API refuses the change once the dialog is closed.
  await dialog.getByLabel('Current password').fill(`${PASSWORD}x`);
  await dialog.getByLabel('New password', { exact: true }).fill('N3w!Password');
  await dialog.getByLabel('Confirm new password').fill('N3w!Password');
  const { sent, release } = await holdNext(page, '**/api/v1/users/change-password', 'PATCH');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await sent;
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  release();
  await toast(page, 'Failed to change your password').getByText(MESSAGES.currentPasswordWrong).waitFor();
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);
