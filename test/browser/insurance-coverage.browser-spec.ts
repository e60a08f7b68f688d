// Coverage asked for what it is (docs/product.md §6.3): the Insurance dialog's questions, the dashboard's prompt
// for a plan not yet answered, and what the navigator sees.
import type { Page } from 'playwright-core';
import { toast, useStackAndBrowser, newPage, screenshot, type ViewportName } from './support/browser';
import { expectAccessible } from './support/a11y';
import { createNavigator, createPatient, openDashboard, waitForApplications } from './support/patient';
import { applicationPanel, logInThroughUi } from './support/navigator';

const ctx = useStackAndBrowser();
const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });
const QUESTION = 'What kind of plan is it?';

describe.each<ViewportName>(['desktop', 'phone'])('insurance coverage (%s)', (viewport) => {
  test('the dashboard asks once for a plan without an answer; the dialog adds a Medicare plan with its answers', async () => {
    const patient = await createPatient(ctx.stack, { tier: 'DIY_INSTRUCTIONS', insurances: [{ provider: 'Humana' }] });
    const { page, context, pageErrors } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    await openDashboard(page, patient);

    // The prompt: the newest plan (Humana, from signup) has no answer yet.
    const prompt = page.getByRole('region', { name: 'Tell us what kind of plan your Humana insurance is' });
    await prompt.waitFor();
    await screenshot(page, `coverage-prompt-${viewport}`, { fullPage: false });
    await expectAccessible(page, `the coverage prompt (${viewport})`);
    await prompt.getByRole('button', { name: 'Save answer' }).click();
    await prompt.getByText('Please choose what kind of plan it is from the list').waitFor();
    await prompt.getByLabel(QUESTION).selectOption('MEDICARE_PART_D');
    // Medicare kinds bring the two Medicare questions.
    await prompt.getByText('No', { exact: true }).click();
    await prompt.getByLabel('Out-of-pocket drug costs this year ($)').fill('850');
    await screenshot(page, `coverage-prompt-medicare-${viewport}`, { fullPage: false });
    await expectAccessible(page, `the coverage prompt with the Medicare questions (${viewport})`);
    // By keyboard: the saved prompt goes, and the focus moves to the note that takes its place, not to the page.
    await prompt.getByRole('button', { name: 'Save answer' }).focus();
    await page.keyboard.press('Enter');
    await toast(page, 'Insurance Updated').waitFor();
    await prompt.waitFor({ state: 'detached' });
    const thanks = page.locator('main').getByRole('status').filter({ hasText: 'Thanks, your answer is saved.' });
    await page.waitForFunction((el) => el === document.activeElement, await thanks.elementHandle());
    await expectAccessible(page, `the coverage prompt answered (${viewport})`);
    const [saved] = (await patient.api.get('/insurance', patient.token)).body.data.insurances;
    expect(saved).toMatchObject({
      provider: 'Humana',
      drugCoverage: 'MEDICARE_PART_D',
      extraHelp: false,
      outOfPocketCentsThisYear: 85_000,
    });

    // The Insurance dialog: the answers on the row, and a new plan with its kind.
    await page.getByRole('button', { name: 'Manage Insurance' }).click();
    const d = dialogNamed(page, 'Insurance information');
    const plans = d.getByRole('list', { name: 'Your insurance plans' });
    await plans.getByText('Medicare Part D drug plan · Extra Help: no · $850.00 out of pocket this year').waitFor();
    await d.getByLabel('Insurance provider').selectOption('Aetna');
    await d.getByLabel(QUESTION).selectOption('EMPLOYER');
    expect(await d.getByLabel('Out-of-pocket drug costs this year ($)').count()).toBe(0);
    await d.getByRole('button', { name: 'Add Insurance' }).click();
    await toast(page, 'Insurance Added').waitFor();
    await plans.getByText('Through an employer or union').waitFor();
    await screenshot(page, `insurance-dialog-coverage-${viewport}`, { fullPage: false });
    await expectAccessible(page, `the Insurance dialog with coverage answers (${viewport})`);

    // Editing a plan's answers from its row, by keyboard: once saved, or cancelled, the focus is back on the
    // row's Edit button (the form and its buttons go), not on the dialog.
    const editButton = d.getByRole('button', { name: 'Edit plan details for Aetna' });
    const edit = d.getByRole('form', { name: 'Plan details for Aetna' });
    await editButton.focus();
    await page.keyboard.press('Enter');
    await edit.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await edit.waitFor({ state: 'detached' });
    await page.waitForFunction((el) => el === document.activeElement, await editButton.elementHandle());
    await page.keyboard.press('Enter');
    await edit.getByLabel(QUESTION).selectOption('MARKETPLACE');
    await edit.getByRole('button', { name: 'Save plan details' }).focus();
    await page.keyboard.press('Enter');
    await plans.getByText(/Bought on the Marketplace/).waitFor();
    await edit.waitFor({ state: 'detached' });
    await page.waitForFunction((el) => el === document.activeElement, await editButton.elementHandle());
    await expectAccessible(page, `the Insurance dialog after a plan's answers were saved (${viewport})`);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 150_000);
});

test('the navigator sees the coverage answers, on the patient view and in the application panel', async () => {
  const patient = await createPatient(ctx.stack, {
    tier: 'DIY_INSTRUCTIONS',
    prescriptions: [{ medication: 'Ozempic', dosage: '0.5 mg', frequency: 'Weekly' }],
    insurances: [
      { provider: 'Tricare' },
      { provider: 'Humana', drugCoverage: 'MEDICARE_PART_D', extraHelp: true, outOfPocketCentsThisYear: 85_000 },
    ],
  });
  const [application] = await waitForApplications(patient, 1);
  const nav = await createNavigator(ctx.stack);
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await logInThroughUi(page, 'desktop', nav.email);
  await page.waitForURL('**/navigator');
  await page.goto(`/navigator/patients/${patient.id}`);
  // The plan by its name, not its code ("Diy Instructions").
  await page.getByText(/^Patient since .+ · DIY Toolkit plan$/).waitFor();
  const answered = 'Medicare Part D drug plan · Extra Help: yes · $850.00 out of pocket this year';
  // The application panel: the newest plan (Humana) is the coverage its routes were screened with (§15).
  const panel = applicationPanel(page, 'Ozempic');
  await panel.getByText(`Coverage: Humana · ${answered}`).waitFor();
  expect(await panel.getByText(/Tricare/).count()).toBe(0);
  await page.goto(`/navigator/patients/${patient.id}#application-${application!.id}`);
  await panel.getByText(`Coverage: Humana · ${answered}`).waitFor();
  await screenshot(page, 'navigator-panel-coverage', { fullPage: false });
  // The Insurance card: every plan, the unanswered one with how it is read.
  const insurance = page.locator('main');
  await insurance.getByText(answered, { exact: true }).waitFor();
  await insurance.getByText('Kind of plan not answered; read as VA or TRICARE').waitFor();
  await insurance.getByText('Kind of plan not answered; read as VA or TRICARE').scrollIntoViewIfNeeded();
  await screenshot(page, 'navigator-coverage', { fullPage: false });
  await expectAccessible(page, 'the navigator patient view with coverage answers');
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);
