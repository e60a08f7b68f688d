import type { Page } from 'playwright-core';
import { apiClient } from '../support/http';
import { CARDS } from '../support/billing';
import { newNavigator } from '../applications/helpers';
import { useStackAndBrowser, newPage, screenshot, uniqueEmail } from './support/browser';
import { applicationPanel, logInThroughUi, moveInUi, scrollTop } from './support/navigator';
import { fillAccountSteps, nextStep, signupWizard } from './support/signup';

const ctx = useStackAndBrowser();

const billingDialog = (page: Page) => page.getByRole('dialog', { name: 'Subscription and billing' });
/** The patient's application card on the dashboard. */
const patientCard = (page: Page, medication: string) => page.locator(`[aria-label="${medication} application"]`);

/** Steps 1-7 of the wizard on a phone: Ongoing Care, two prescriptions, no insurance. */
async function signUp(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Subscription' }).click();
  const d = signupWizard(page);
  await fillAccountSteps(d, {
    firstName: 'Rosa',
    lastName: 'Alvarez',
    email,
    phone: '(614) 555-0142',
    dateOfBirth: '1957-09-30',
    gender: 'Female',
    maritalStatus: 'Widowed',
    street: '88 Maple Avenue',
    city: 'Columbus',
    state: 'OH',
    zip: '43004',
  });
  await nextStep(d).click(); // no doctors yet
  await d.getByText('Ongoing Care', { exact: true }).click();
  await nextStep(d).click();
  for (const [medication, dosage, frequency] of [
    ['Eliquis', '5 mg', 'Twice daily'],
    ['Ozempic', '0.5 mg', 'Weekly'],
  ]) {
    await d.getByLabel('Medication').fill(medication);
    await d.getByLabel('Dosage').fill(dosage);
    await d.getByLabel('Frequency').selectOption({ label: frequency });
    await d.getByRole('button', { name: 'Add Prescription' }).click();
  }
  await d.getByRole('list', { name: 'Prescriptions added' }).getByText('Ozempic').waitFor();
  await screenshot(page, 'journey-1-signup-prescriptions', { fullPage: false });
  await nextStep(d).click();
  await d.getByText('No', { exact: true }).click();
  await d.getByRole('button', { name: 'Create Account' }).click();
}

async function openBilling(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Billing' }).click();
  return billingDialog(page);
}

test('the whole journey: signup with two prescriptions, email verified, card saved; a navigator approves and ships; the patient sees it live', async () => {
  const email = uniqueEmail('rosa');
  // Side by side: the patient on a phone, the navigator at a desk.
  const patient = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
  const desk = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  const p = patient.page;

  // 1. Signup ends on the payment page (nothing is due today).
  await signUp(p, email);
  await p.waitForURL((url) => url.href.startsWith(ctx.stack.stripe.url));
  await p.getByLabel('Card number').waitFor();

  // 2. Meanwhile the verification email arrived: its link opens in another tab.
  const mail = await ctx.stack.mail.waitFor((m) => m.to.includes(email) && /verify/i.test(m.subject));
  const link = (mail.text.match(/https?:\/\/\S+\/verify-email\?token=[^\s>"]+/) ?? [])[0];
  expect(link).toBeDefined();
  const mailTab = await patient.context.newPage();
  await mailTab.goto(link!);
  await mailTab.getByRole('heading', { name: 'Email verified!' }).waitFor();
  await screenshot(mailTab, 'journey-2-email-verified');
  await mailTab.close();

  // 3. The card is saved through checkout; back on the dashboard, the plan waits for the first shipment.
  await screenshot(p, 'journey-3-checkout');
  await p.getByLabel('Card number').fill(CARDS.ok);
  await p.getByRole('button').click();
  await p.waitForURL('**/dashboard**');
  // The billing dialog opens by itself on the way back from checkout.
  await billingDialog(p).getByText('PENDING_CHARGE').waitFor();
  await billingDialog(p)
    .getByText(/Visa •••• 4242/)
    .waitFor();
  await screenshot(p, 'journey-4-card-saved', { fullPage: false });
  await p.keyboard.press('Escape');
  await billingDialog(p).waitFor({ state: 'detached' });
  await p.getByRole('heading', { name: 'Welcome back, Rosa!' }).waitFor();
  await p.getByText('Email Verified').locator('..').getByText('Yes').waitFor();
  for (const med of ['Eliquis', 'Ozempic']) await patientCard(p, med).locator('[data-state="INTAKE"]').waitFor();
  await scrollTop(p);
  await screenshot(p, 'journey-5-dashboard');

  // From here on, the patient's page never reloads: everything arrives over the socket.
  const navigations: string[] = [];
  p.on('framenavigated', (f) => f === p.mainFrame() && navigations.push(f.url()));

  // 4. The navigator finds the new patient in the queue and opens the record.
  const navigator = await newNavigator(ctx.stack, apiClient(ctx.stack.apiUrl));
  const d = desk.page;
  await logInThroughUi(d, 'desktop', navigator.email);
  await d.waitForURL('**/navigator');
  await d.getByLabel('Search applications').fill(email);
  await d.getByText(`2 applications matching “${email}”`).waitFor();
  await screenshot(d, 'journey-6-navigator-queue');
  await d.locator('table tbody tr').filter({ hasText: 'Eliquis' }).getByRole('link', { name: 'Rosa Alvarez' }).click();
  await d.getByRole('heading', { level: 1, name: 'Rosa Alvarez' }).waitFor();
  await d.getByText('Email verified').waitFor();
  await d.getByText('Pending Charge').waitFor();

  // 5. The packet is worked and submitted; the patient's card follows each move.
  await moveInUi(d, 'Eliquis', 'Awaiting documents', 'Welcome call done; asked Rosa for proof of income.');
  await patientCard(p, 'Eliquis').locator('[data-state="AWAITING_DOCUMENTS"]').waitFor();
  await moveInUi(d, 'Eliquis', 'Awaiting prescriber', 'Documents in; prescriber form sent to the doctor.');
  await moveInUi(d, 'Eliquis', 'Submitted', 'Signed form back; packet submitted to the program.');
  await patientCard(p, 'Eliquis').locator('[data-state="SUBMITTED"]').waitFor();
  await p.getByText('Eliquis: Submitted').first().waitFor();
  await scrollTop(p);
  await screenshot(p, 'journey-7-patient-submitted');

  // 6. Approved with enrollment dates: still nothing charged.
  await moveInUi(d, 'Eliquis', 'Approved', 'Approved by phone, reference 55120.');
  await patientCard(p, 'Eliquis').locator('[data-state="APPROVED"]').waitFor();
  const billing = await openBilling(p);
  await billing.getByText('PENDING_CHARGE').waitFor();

  // 7. The first shipment is scheduled: the open billing dialog turns ACTIVE at $49.00 with one payment.
  await moveInUi(d, 'Eliquis', 'Shipment scheduled', 'First 90-day supply ships today.');
  await applicationPanel(d, 'Eliquis').locator('[data-state="SHIPMENT_SCHEDULED"]').waitFor();
  await scrollTop(d);
  await screenshot(d, 'journey-8-navigator-shipped');
  await billing.getByText('ACTIVE', { exact: true }).waitFor();
  await billing.getByText('Latest payment').waitFor();
  expect(await billing.innerText()).toMatch(/\$49\.00/);
  await screenshot(p, 'journey-9-patient-active', { fullPage: false });
  await billing.getByRole('tab', { name: 'Payment History' }).click();
  const payments = billing.getByRole('list', { name: 'Payments' }).getByRole('listitem');
  await payments.first().getByText('SUCCEEDED').waitFor();
  expect(await payments.count()).toBe(1);
  expect(await payments.first().innerText()).toContain('$49.00');
  await screenshot(p, 'journey-10-payment-history', { fullPage: false });
  await p.keyboard.press('Escape');
  await patientCard(p, 'Eliquis').locator('[data-state="SHIPMENT_SCHEDULED"]').waitFor();
  await patientCard(p, 'Ozempic').locator('[data-state="INTAKE"]').waitFor();
  await scrollTop(p);
  await screenshot(p, 'journey-11-patient-dashboard');

  // 8. A third prescription: the subscription dialog shows the new price, $79.00.
  await p.getByRole('button', { name: 'Manage Prescriptions' }).click();
  const rx = p.getByRole('dialog', { name: 'Prescriptions' });
  await rx.getByRole('button', { name: 'Add Prescription' }).click();
  const row = rx.getByRole('form', { name: /^New prescription/ });
  await row.getByLabel('Medication').fill('Humira');
  await row.getByLabel('Dosage').fill('40 mg');
  await row.getByLabel('Frequency').selectOption({ label: 'Every other day' });
  await row.getByRole('button', { name: 'Save prescription' }).click();
  await billingDialog(p).waitFor();
  await billingDialog(p)
    .getByText(/\$79\.00/)
    .first()
    .waitFor();
  expect(await billingDialog(p).innerText()).toContain('ACTIVE');
  await screenshot(p, 'journey-12-third-prescription', { fullPage: false });
  // The navigator's open record shows the new application too.
  await applicationPanel(d, 'Humira').waitFor();

  expect(navigations).toEqual([]);
  expect(patient.pageErrors).toEqual([]);
  expect(desk.pageErrors).toEqual([]);
  await patient.context.close();
  await desk.context.close();
}, 180_000);
