import type { Page } from 'playwright-core';
import { apiClient } from '../support/http';
import { driveTo, newNavigator } from '../applications/helpers';
import { FAX_PROGRAM as PROGRAM, prescriberSigns, readyToSend } from '../applications/signing-helpers';
import { newPage, toast, useStackAndBrowser } from './support/browser';
import { expectAccessible } from './support/a11y';
import { applicationPanel, logInThroughUi } from './support/navigator';
import { openDashboard } from './support/patient';

// docs/product.md §17: a fact the packet prints changed after the signatures (the patient's address, their doctor's)
// asks for them again on the patient's dashboard and on the navigator's open panel at once, without a reload.
const ctx = useStackAndBrowser();
const MEDICATION = PROGRAM.medications[0].brand;
const FAX = PROGRAM.application.submitTo.fax!;

const SIGN_AGAIN = 'Sign again: your application changed since you signed';

/** The application's details, opened from its card, and what they still need of the patient (none once all signed). */
async function openDetails(page: Page) {
  await page.locator(`[aria-label="${MEDICATION} application"]`).getByRole('button', { name: 'View details' }).click();
  const details = page.getByRole('dialog', { name: `${MEDICATION} application` });
  await details.getByRole('heading', { name: 'Program and eligibility' }).waitFor();
  return details.getByRole('region', { name: 'What we still need from you' });
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

test('a new address or a new doctor address asks for the signatures again, on both screens without a reload', async () => {
  const { stack, browser } = ctx;
  const api = apiClient(stack.apiUrl);
  const navigator = await newNavigator(stack, api);
  const patient = await readyToSend(stack, api, navigator.token, PROGRAM);
  const id = patient.application.id;
  await driveTo(api, navigator.token, id, 'AWAITING_PRESCRIBER');

  // The navigator's panel is open, Send enabled: everything is signed.
  const desk = await newPage(browser, 'desktop', stack.baseUrl);
  await logInThroughUi(desk.page, 'desktop', navigator.email);
  await desk.page.waitForURL('**/navigator');
  await desk.page.goto(`/navigator/patients/${patient.id}`);
  const panel = applicationPanel(desk.page, MEDICATION);
  const send = panel.getByRole('button', { name: `Send to program by fax (${FAX})` });
  const sendable = panel.locator('button:enabled', { hasText: `Send to program by fax (${FAX})` });
  await sendable.waitFor();
  /** An item of what the panel says is still missing before Send. */
  const missing = (item: string) => panel.getByRole('listitem').filter({ hasText: new RegExp(`^${item}$`) });

  const home = await newPage(browser, 'desktop', stack.baseUrl);
  const p = home.page;
  await openDashboard(p, { ...patient, api, baseUrl: stack.baseUrl, checkoutUrl: null });
  expect(await (await openDetails(p)).count()).toBe(0);
  await closeDialog(p);

  // The patient moves: their street address is printed in the packet both of them signed.
  await p.getByRole('button', { name: 'Edit Profile' }).click();
  const profile = p.getByRole('dialog', { name: 'Personal details' });
  await profile.getByLabel('Street address').fill('99 Elm Street');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await profile.waitFor({ state: 'hidden' });
  const needed = await openDetails(p);
  await needed.getByText(SIGN_AGAIN).waitFor();
  await needed.getByRole('button', { name: 'Sign again' }).waitFor();
  await needed.getByText('Your doctor must sign again: your application changed since they signed.').waitFor();
  await expectAccessible(p, 'the application asking to sign again');
  await closeDialog(p);
  await missing('Patient signature').waitFor();
  expect(await send.isDisabled()).toBe(true);

  // Both sign again: Send comes back; then the doctor moves, and both signatures are asked for again.
  const signed = await api.post(
    `/applications/${id}/patient-signature`,
    { name: 'Maria Lopez', attest: true, authorizeHipaa: true },
    patient.token,
  );
  expect(signed.status).toBe(201);
  await prescriberSigns(stack, api, navigator.token, id, patient.dateOfBirth);
  await sendable.waitFor();
  await (await openDetails(p)).waitFor({ state: 'detached' });
  await closeDialog(p);
  await p.getByRole('button', { name: 'Manage Doctors' }).click();
  const doctors = p.getByRole('dialog', { name: 'Healthcare providers' });
  const row = doctors.getByRole('form', { name: 'Doctor 1: Grace Hopper' });
  await row.getByLabel('Address').fill('2 Main Street, Springfield, IL 62701');
  await row.getByRole('button', { name: 'Save changes' }).click();
  await toast(p, 'Doctor Updated').waitFor();
  await closeDialog(p);
  await (await openDetails(p)).getByText(SIGN_AGAIN).waitFor();
  await missing('Prescriber signature').waitFor();
  expect(await send.isDisabled()).toBe(true);

  expect([...home.pageErrors, ...desk.pageErrors]).toEqual([]);
  for (const t of [home, desk]) await t.context.close();
}, 180_000);
