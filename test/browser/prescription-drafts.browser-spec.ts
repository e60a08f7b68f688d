import type { Page } from 'playwright-core';
import { eventually } from '../support/billing';
import { PASSWORD } from '../support/factories';
import { newPage, screenshot, toast, useStackAndBrowser } from './support/browser';
import { createPatient, openDashboard } from './support/patient';
import { expectAccessible } from './support/a11y';

// docs/product.md §6.2: saving a new prescription still closes the Prescriptions dialog for the subscription
// dialog, and what the other rows held, not saved, waits for the dialog's next opening.
const ctx = useStackAndBrowser();

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });

test('prescriptions: what other rows hold when a new one is saved comes back at the next opening, is said in the subscription dialog, and goes on logout', async () => {
  const patient = await createPatient(ctx.stack, {
    tier: 'ONGOING_CARE',
    prescriptions: [{ medication: 'Eliquis', dosage: '5 mg', frequency: 'Twice daily' }],
  });
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  // A paid plan without a card goes on to checkout in a popup after each new prescription: not followed here.
  page.on('popup', (popup) => void popup.close().catch(() => undefined));
  await openDashboard(page, patient);
  const manage = page.getByRole('button', { name: 'Manage Prescriptions' });
  const d = dialogNamed(page, 'Prescriptions');
  const billing = dialogNamed(page, 'Subscription and billing');
  const eliquis = d.getByRole('form', { name: 'Prescription 1: Eliquis' });

  // A saved row changed, a new row half typed, and a third row saved.
  await manage.click();
  await eliquis.getByLabel('Dosage').fill('10 mg');
  await eliquis.getByText('Changes not saved').waitFor();
  const add = d.getByRole('button', { name: 'Add Prescription' });
  await add.click();
  await add.click();
  const second = d.getByRole('form', { name: 'New prescription 2' });
  const third = d.getByRole('form', { name: 'New prescription 3' });
  await second.getByLabel('Medication').fill('Mounjaro');
  await second.getByLabel('Dosage').fill('2.5 mg');
  await third.getByLabel('Medication').fill('Ozempic');
  await third.getByLabel('Dosage').fill('0.5 mg');
  await third.getByLabel('Frequency').selectOption('Weekly');
  await third.getByRole('button', { name: 'Save prescription' }).click();
  await toast(page, 'Prescription Created').waitFor();

  // The subscription dialog replaces the Prescriptions dialog, and says what waits there.
  const notice = billing.getByRole('status').filter({ hasText: '2 prescriptions you were editing are not saved yet.' });
  await notice.getByText('We kept what you typed: finish them in Prescriptions.').waitFor();
  await d.waitFor({ state: 'detached' });
  await screenshot(page, 'prescription-drafts-notice', { fullPage: false });
  await expectAccessible(page, 'the subscription dialog saying what the Prescriptions dialog kept');

  // Closed, then Prescriptions opened again: the typed input is there, not saved.
  await page.keyboard.press('Escape');
  await billing.waitFor({ state: 'detached' });
  await manage.click();
  await d.getByRole('form', { name: 'Prescription 2: Ozempic' }).waitFor();
  expect(await eliquis.getByLabel('Dosage').inputValue()).toBe('10 mg');
  await eliquis.getByText('Changes not saved').waitFor();
  const kept = d.getByRole('form', { name: 'New prescription 3' });
  expect(await kept.getByLabel('Medication').inputValue()).toBe('Mounjaro');
  expect(await kept.getByLabel('Dosage').inputValue()).toBe('2.5 mg');
  expect(await d.getByRole('form', { name: /^New prescription/ }).count()).toBe(1);
  await screenshot(page, 'prescription-drafts-again', { fullPage: false });
  await expectAccessible(page, 'the Prescriptions dialog showing the input it kept');

  // The kept new row saved: the subscription dialog again, which now names the changed row alone.
  await kept.getByLabel('Frequency').selectOption('Once daily');
  await kept.getByRole('button', { name: 'Save prescription' }).click();
  await billing
    .getByRole('status')
    .getByText('A prescription you were editing is not saved yet. We kept what you typed: finish it in Prescriptions.')
    .waitFor();
  await billing.getByRole('button', { name: 'Back to Prescriptions' }).click();
  await billing.waitFor({ state: 'detached' });
  expect(await eliquis.getByLabel('Dosage').inputValue()).toBe('10 mg');
  await eliquis.getByRole('button', { name: 'Save changes' }).click();
  await toast(page, 'Prescription Updated').waitFor();
  await eliquis.getByText('Changes not saved').waitFor({ state: 'detached' });
  await eventually(async () => {
    const saved = (await patient.api.get('/prescriptions', patient.token)).body.data.prescriptions as {
      medication: string;
      dosage: string;
      frequency: string;
    }[];
    return (
      JSON.stringify(saved.map((p) => [p.medication, p.dosage, p.frequency]).sort()) ===
      JSON.stringify([
        ['Eliquis', '10 mg', 'Twice daily'],
        ['Mounjaro', '2.5 mg', 'Once daily'],
        ['Ozempic', '0.5 mg', 'Weekly'],
      ])
    );
  }, 'the three prescriptions saved');

  // Nothing is kept once saved; Discard changes puts a row back.
  await page.keyboard.press('Escape');
  await manage.click();
  await d.getByRole('form', { name: 'Prescription 3: Mounjaro' }).waitFor();
  expect(await d.getByRole('form', { name: /^New prescription/ }).count()).toBe(0);
  expect(await d.getByText('Changes not saved').count()).toBe(0);
  await eliquis.getByLabel('Dosage').fill('15 mg');
  await eliquis.getByRole('button', { name: 'Discard changes' }).click();
  expect(await eliquis.getByLabel('Dosage').inputValue()).toBe('10 mg');
  expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Save changes');

  // Kept across a close by the patient too, and forgotten on logout.
  await eliquis.getByLabel('Dosage').fill('20 mg');
  await page.keyboard.press('Escape');
  await manage.click();
  expect(await eliquis.getByLabel('Dosage').inputValue()).toBe('20 mg');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('heading', { level: 1, name: /Brand-name medications/ }).waitFor();
  await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
  const login = dialogNamed(page, 'Welcome Back');
  await login.getByLabel('Email').fill(patient.email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('heading', { name: `Welcome back, ${patient.firstName}!` }).waitFor();
  await manage.click();
  expect(await eliquis.getByLabel('Dosage').inputValue()).toBe('10 mg');
  expect(await d.getByText('Changes not saved').count()).toBe(0);
  expect(pageErrors).toEqual([]);
  await context.close();
}, 180_000);
