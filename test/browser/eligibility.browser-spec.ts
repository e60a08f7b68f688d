import type { Page } from 'playwright-core';
import { toast, useStackAndBrowser, newPage, screenshot, uniqueEmail, type ViewportName } from './support/browser';
import { contrastFailures } from './support/contrast';
import { expectAccessible } from './support/a11y';
import { createNavigator, createPatient, openDashboard, waitForApplications } from './support/patient';
import { applicationPanel, logInThroughUi, scrollTop } from './support/navigator';
import { fillAccountSteps, nextStep, signupWizard } from './support/signup';

const ctx = useStackAndBrowser();

const checker = (page: Page) => page.getByRole('form', { name: 'Check if you qualify' });
const result = (page: Page) => page.getByRole('region', { name: 'Your result' });
/** The patient's application card on the dashboard. */
const patientCard = (page: Page, medication: string) => page.locator(`[aria-label="${medication} application"]`);

/** Fills the landing checker; on a desktop with the keyboard only, on a phone by tapping the suggestion. */
async function checkOzempic(page: Page, viewport: ViewportName, income = '20000') {
  await page.goto('/#check-eligibility');
  const form = checker(page);
  const medication = form.getByRole('combobox', { name: 'Medication' });
  await medication.waitFor();
  // The catalogue is fetched once; the suggestions come from it.
  await page.waitForFunction(() => !document.querySelector('input[placeholder="Loading medications…"]'));
  await medication.click();
  await medication.pressSequentially('ozempic');
  const option = form.getByRole('option', { name: /^Ozempic/ });
  await option.waitFor();
  if (viewport === 'desktop') {
    await screenshot(page, 'eligibility-typeahead', { fullPage: false });
    await medication.press('ArrowDown');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    expect(await medication.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await medication.press('Enter');
    expect(await medication.inputValue()).toBe('Ozempic');
    expect(await medication.getAttribute('aria-expanded')).toBe('false');
    // Keyboard only from here: Tab moves field to field, Enter submits.
    await page.keyboard.press('Tab');
    await page.keyboard.type('1');
    await page.keyboard.press('Tab');
    await page.keyboard.type(income);
    // The income's period: Per year is chosen; Tab passes the radio group as one stop.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('year');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-required'))).toBe('true');
    await form.getByLabel('State').selectOption('OH');
    await form.getByLabel('State').focus();
    await page.keyboard.press('Tab');
    await form.getByLabel('What kind of plan is it?').selectOption('NONE');
    await form.getByLabel('What kind of plan is it?').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Check eligibility');
    await page.keyboard.press('Enter');
  } else {
    await option.tap();
    expect(await medication.inputValue()).toBe('Ozempic');
    await form.getByLabel('People in your household').fill('1');
    await form.getByLabel('Household income ($)').fill(income);
    await form.getByLabel('State').selectOption('OH');
    await form.getByLabel('What kind of plan is it?').selectOption('NONE');
    await form.getByRole('button', { name: 'Check eligibility' }).tap();
  }
  await result(page).getByRole('heading', { name: 'Results for Ozempic' }).waitFor();
}

describe.each<ViewportName>(['desktop', 'phone'])('landing eligibility check (%s)', (viewport) => {
  test('a visitor picks Ozempic and sees Novo Nordisk’s program, a verdict and reasons, without signing up', async () => {
    const t = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    const { page } = t;
    const bodies: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) bodies.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`);
    });
    await checkOzempic(page, viewport);

    const programs = result(page)
      .getByRole('list', { name: 'Routes' })
      .locator('> li[data-route-kind="PAP"]')
      .filter({ hasText: 'Novo Nordisk' });
    const first = programs.first();
    await first.waitFor();
    expect(await first.innerText()).toMatch(/Likely eligible/);
    expect(await first.locator('[data-verdict]').first().getAttribute('data-verdict')).toBe('LIKELY_ELIGIBLE');
    const reasons = await first.getByRole('list', { name: 'Why' }).getByRole('listitem').allInnerTexts();
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.join('\n')).toMatch(/% of the \d{4} poverty guideline/);
    expect(await result(page).innerText()).toMatch(
      /Your household income is \d+(\.\d)?% of the federal poverty guideline/,
    );

    // The facts went in a POST body, never in an address; the catalogue was fetched once.
    const gets = bodies.filter((b) => b.startsWith('GET'));
    expect(gets.filter((b) => b.includes('/api/v1/programs')).length).toBe(1);
    expect(gets.some((b) => /ozempic|20000|householdSize/i.test(b.split(' ')[1]!))).toBe(false);
    const post = bodies.find((b) => b.startsWith('POST') && b.includes('/eligibility/check'))!;
    expect(JSON.parse(post.split(' ').slice(2).join(' '))).toEqual({
      medication: 'Ozempic',
      householdSize: 1,
      annualIncomeCents: 2_000_000,
      state: 'OH',
      drugCoverage: 'NONE',
      extraHelp: null,
    });

    expect(await contrastFailures(page.locator('#check-eligibility'))).toEqual([]);
    await result(page).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'eligibility-result', { fullPage: false });
    await expectAccessible(page, `the eligibility result (${viewport})`);

    // A higher income: the same program, not eligible, and the reason says why.
    const form = checker(page);
    await form.getByLabel('Household income ($)').fill('$90,000');
    await form.getByRole('button', { name: 'Check eligibility' }).click();
    await first.locator('[data-verdict="NOT_ELIGIBLE"]').waitFor();
    expect(await first.innerText()).toMatch(/limit is 200%/);

    // A medication no program covers: the server's message.
    const medication = form.getByRole('combobox', { name: 'Medication' });
    await medication.fill('Notarealdrug');
    await form.getByRole('button', { name: 'Check eligibility' }).click();
    await result(page).getByRole('heading', { name: 'Results for Notarealdrug' }).waitFor();
    expect(await result(page).innerText()).toMatch(/care navigator/i);
    expect(await result(page).getByRole('list', { name: 'Routes' }).count()).toBe(0);

    // The form's own rules, next to each field.
    await medication.fill('');
    await form.getByLabel('People in your household').fill('0');
    await form.getByLabel('Household income ($)').fill('lots');
    await form.getByRole('button', { name: 'Check eligibility' }).click();
    await form.getByText('Please enter a medication').waitFor();
    await form.getByText('Household size must be a whole number from 1 to 20').waitFor();
    await form.getByText('Income must be an amount in dollars, like 32000').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await screenshot(page, 'eligibility-errors', { fullPage: false });
    await expectAccessible(page, `the eligibility checker with its errors (${viewport})`);
    expect(t.pageErrors).toEqual([]);
    await t.context.close();
  }, 90_000);
});

test('Start Your Application carries the medication into signup; the patient sets eligibility and sees the verdict live', async () => {
  const t = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  const { page } = t;
  await checkOzempic(page, 'desktop');
  await result(page).getByRole('button', { name: 'Start Your Application' }).click();
  const d = signupWizard(page);
  await d.getByText('Ozempic is ready for you in the Prescriptions step.').waitFor();
  // The address never carries the medication.
  expect(page.url()).not.toMatch(/ozempic/i);

  const email = uniqueEmail('eli');
  await fillAccountSteps(d, {
    firstName: 'Eli',
    lastName: 'Moreno',
    email,
    phone: '(614) 555-0188',
    dateOfBirth: '1961-02-14',
    gender: 'Male',
    maritalStatus: 'Single',
    street: '5 Elm Street',
    city: 'Columbus',
    state: 'OH',
    zip: '43004',
  });
  await nextStep(d).click(); // no doctors
  await d.getByText('DIY Toolkit', { exact: true }).click();
  await nextStep(d).click();
  expect(await d.getByLabel('Medication').inputValue()).toBe('Ozempic');
  await screenshot(page, 'eligibility-signup-prescription', { fullPage: false });
  await nextStep(d).click();
  await d.getByText('No', { exact: true }).click();
  await d.getByRole('button', { name: 'Create Account' }).click();

  // The dashboard: the application for Ozempic, matched to Novo Nordisk's program.
  await page.getByRole('heading', { level: 1, name: /Welcome back, Eli/ }).waitFor({ timeout: 30_000 });
  const card = patientCard(page, 'Ozempic');
  await card
    .getByText(/Novo Nordisk/)
    .first()
    .waitFor({ timeout: 20_000 });
  const eligibilityCard = page.getByRole('region', { name: 'Eligibility' });
  await eligibilityCard.getByText('Not provided yet').waitFor();

  // Household facts: the verdict on the card follows them live.
  await eligibilityCard.getByRole('button', { name: 'Edit Eligibility' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eligibility' });
  await dialog.getByLabel('People in your household').fill('1');
  await dialog.getByLabel('Household income ($)').fill('20000');
  await screenshot(page, 'eligibility-dialog', { fullPage: false });
  await expectAccessible(page, 'the Eligibility dialog (desktop)');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, 'Eligibility Updated').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await eligibilityCard.getByText('$20,000').waitFor();
  await card.locator('[data-verdict="LIKELY_ELIGIBLE"]').waitFor({ timeout: 20_000 });
  // A program that fits: the card counts what the patient still has to send.
  await card.getByText(/documents? still missing/).waitFor();
  await scrollTop(page);
  await screenshot(page, 'eligibility-dashboard');

  await eligibilityCard.getByRole('button', { name: 'Edit Eligibility' }).click();
  expect(await dialog.getByLabel('Household income ($)').inputValue()).toBe('20000');
  await dialog.getByLabel('Household income ($)').fill('90000');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await dialog.waitFor({ state: 'detached' });
  await card.locator('[data-verdict="NOT_ELIGIBLE"]').waitFor({ timeout: 20_000 });

  // The details dialog gives every reason.
  await card.getByRole('button', { name: 'View details' }).click();
  const details = page.getByRole('dialog', { name: 'Ozempic application' });
  const why = details.getByRole('list', { name: 'Reasons' });
  await why.waitFor();
  expect((await why.getByRole('listitem').allInnerTexts()).join('\n')).toMatch(/limit is 200%/);
  // No program fits as things stand: nothing is asked until the navigator has gone over the options
  // (docs/product.md §17), on the card as in the dialog.
  const waiting = 'Your care navigator goes over your options first';
  await details.getByRole('heading', { name: waiting }).waitFor();
  expect(await details.getByRole('heading', { name: 'What we still need from you' }).count()).toBe(0);
  expect(await details.getByRole('button', { name: 'Sign', exact: true }).count()).toBe(0);
  await card.getByText(waiting).waitFor();
  expect(await card.getByText(/still missing/).count()).toBe(0);
  expect(await contrastFailures(details)).toEqual([]);
  await screenshot(page, 'eligibility-application-details', { fullPage: false });
  expect(t.pageErrors).toEqual([]);
  await t.context.close();
}, 150_000);

test('phone: the Eligibility card and dialog, and the verdict on the application card', async () => {
  const patient = await createPatient(ctx.stack, {
    tier: 'DIY_INSTRUCTIONS',
    prescriptions: [{ medication: 'Ozempic', dosage: '0.5 mg', frequency: 'Weekly' }],
  });
  await waitForApplications(patient, 1);
  const { page, context, pageErrors } = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  const eligibilityCard = page.getByRole('region', { name: 'Eligibility' });
  await eligibilityCard.getByText('Not provided yet').waitFor();
  await eligibilityCard.getByRole('button', { name: 'Edit Eligibility' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eligibility' });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await dialog.getByText('Household size is required').waitFor();
  await dialog.getByText('Household income is required').waitFor();
  await expectAccessible(page, 'the Eligibility dialog with its errors (phone)');
  await dialog.getByLabel('People in your household').fill('2');
  // Income as people know it: $2,500 a month is saved as $30,000 a year (docs/product.md §14 Income period).
  await dialog.getByLabel('Household income ($)').fill('2,500');
  await dialog.getByText('Per month', { exact: true }).click();
  expect(await dialog.getByRole('radio', { name: 'Per month' }).isChecked()).toBe(true);
  await screenshot(page, 'eligibility-dialog-monthly', { fullPage: false });
  await expectAccessible(page, 'the Eligibility dialog with a monthly income (phone)');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await dialog.waitFor({ state: 'detached' });
  await eligibilityCard.getByText('2 people').waitFor();
  await eligibilityCard.getByText('$30,000').waitFor();
  const card = patientCard(page, 'Ozempic');
  await card.locator('[data-verdict="LIKELY_ELIGIBLE"]').waitFor({ timeout: 20_000 });
  expect(await contrastFailures(page.locator('main'))).toEqual([]);
  await scrollTop(page);
  await screenshot(page, 'eligibility-dashboard');
  expect(pageErrors).toEqual([]);
  await context.close();
}, 90_000);

describe.each<ViewportName>(['desktop', 'phone'])('navigator console (%s)', (viewport) => {
  test('program, verdict and FPL% in the queue and the patient view; the navigator overrides the program', async () => {
    const patient = await createPatient(ctx.stack, {
      tier: 'DIY_INSTRUCTIONS',
      prescriptions: [{ medication: 'Ozempic', dosage: '0.5 mg', frequency: 'Weekly' }],
    });
    const [application] = await waitForApplications(patient, 1);
    const put = await patient.api.put(
      '/users/eligibility',
      // Above NovoCare's limit: the first check finds no fit, and the patient waits for the navigator.
      { householdSize: 1, annualIncomeCents: 9_000_000 },
      patient.token,
    );
    expect(put.status).toBe(200);
    const navigator = await createNavigator(ctx.stack);

    const { page, context, pageErrors } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    await logInThroughUi(page, viewport, navigator.email);
    await page.getByRole('heading', { name: 'Work queue' }).waitFor();
    await page.getByLabel('Search applications').fill(patient.email);
    const row = page.locator(`[data-application-id="${application!.id}"]`).filter({ visible: true });
    await row.getByText(/Novo Nordisk/).waitFor();
    await row.locator('[data-verdict]').first().waitFor({ timeout: 20_000 });
    expect(await row.innerText()).toMatch(/FPL \d+(\.\d)?%/);
    await scrollTop(page);
    await screenshot(page, 'eligibility-navigator-queue');

    await row.getByRole('link').first().click();
    const panel = applicationPanel(page, 'Ozempic');
    await panel.waitFor();
    expect(await panel.innerText()).toMatch(/FPL \d+(\.\d)?%/);
    await panel.getByRole('list', { name: 'Reasons' }).waitFor();
    await panel.locator('[data-verdict="NOT_ELIGIBLE"]').first().waitFor();
    await panel.getByText(/^Nothing is asked of the patient yet: the first check found no program that fits/).waitFor();
    const select = panel.getByLabel('Program', { exact: true });
    await page.waitForFunction(
      (id) =>
        ((document.querySelector(`#application-${id} select`) as HTMLSelectElement | null)?.options.length ?? 0) > 2,
      application!.id,
    );
    // Another maker's program: a copay card is refused for a patient without insurance (docs/product.md §15).
    const other = await select.evaluate(
      (s: HTMLSelectElement) =>
        [...s.options].find((o) => o.value && o.value !== s.value && !/\((copay card|foundation)\)$/.test(o.text))!
          .value,
    );
    await select.selectOption(other);
    await panel.getByRole('button', { name: 'Change program for Ozempic' }).click();
    await toast(page, /program/i).waitFor();
    await page.waitForFunction(
      ([id, programId]) =>
        (document.querySelector(`#application-${id} select`) as HTMLSelectElement | null)?.value === programId,
      [application!.id, other] as const,
    );
    expect(await contrastFailures(panel)).toEqual([]);
    await expectAccessible(page, `the patient view with the program override (${viewport})`);
    await scrollTop(page);
    await screenshot(page, 'eligibility-navigator-patient');
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});

test('the Eligibility dialog closed while it saves still tells how the save went', async () => {
  const patient = await createPatient(ctx.stack, {
    tier: 'DIY_INSTRUCTIONS',
    prescriptions: [{ medication: 'Ozempic', dosage: '0.5 mg', frequency: 'Weekly' }],
  });
  await waitForApplications(patient, 1);
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  const eligibilityCard = page.getByRole('region', { name: 'Eligibility' });
  await eligibilityCard.getByRole('button', { name: 'Edit Eligibility' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eligibility' });
  await dialog.getByLabel('People in your household').fill('1');
  await dialog.getByLabel('Household income ($)').fill('20000');
  // The save is on its way, slowly, and then fails (the API is restarting); the patient closes the dialog meanwhile.
  let letFail!: () => void;
  const failing = new Promise<void>((resolve) => (letFail = resolve));
  let saving!: () => void;
  const saveSent = new Promise<void>((resolve) => (saving = resolve));
  await page.route('**/api/v1/users/eligibility', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    saving();
    await failing;
    await route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"message":"x"}' });
  });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await saveSent;
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  letFail();
  await toast(page, 'Update Failed').waitFor();
  expect(pageErrors).toEqual([]);
  await context.close();
});
