// The public checker's route cards (docs/product.md §19) for an uninsured, an employer-insured and a Medicare Part D
// patient, and the routes on the dashboard and in the navigator console.
import type { Page } from 'playwright-core';
import { useStackAndBrowser, newPage, screenshot } from './support/browser';
import { expectAccessible } from './support/a11y';
import { contrastFailures } from './support/contrast';
import { createNavigator, createPatient, openDashboard, waitForApplications } from './support/patient';
import { applicationPanel, logInThroughUi } from './support/navigator';
import { COPAY_CARD_CATALOGUE } from '@rxbridge/domain';

const ctx = useStackAndBrowser();

const result = (page: Page) => page.getByRole('region', { name: 'Your result' });
const routeCards = (page: Page, kind: string) =>
  result(page).getByRole('list', { name: 'Routes' }).locator(`> li[data-route-kind="${kind}"]`);

/** Fills the checker for Ozempic (or another medication), one person in Ohio earning $20,000 (125.3%). */
async function check(page: Page, coverage: string, extraHelp?: string, drug = 'Ozempic') {
  await page.goto('/#check-eligibility');
  const form = page.getByRole('form', { name: 'Check if you qualify' });
  const medication = form.getByRole('combobox', { name: 'Medication' });
  await medication.waitFor();
  await medication.fill(drug);
  await form.getByLabel('People in your household').fill('1');
  await form.getByLabel('Household income ($)').fill('20000');
  await form.getByLabel('State').selectOption('OH');
  await form.getByLabel('What kind of plan is it?').selectOption(coverage);
  const extra = form.getByLabel(/Do you already get Extra Help/);
  if (extraHelp) await extra.selectOption(extraHelp);
  else expect(await extra.count()).toBe(0);
  await form.getByRole('button', { name: 'Check eligibility' }).click();
  await result(page)
    .getByRole('heading', { name: `Results for ${drug}` })
    .waitFor();
  await result(page).getByRole('list', { name: 'Routes' }).waitFor();
}

const verdictOf = async (page: Page, kind: string) =>
  (await routeCards(page, kind).first().locator('[data-verdict]').first().getAttribute('data-verdict')) ?? '';

describe('the checker shows every route as a card', () => {
  test('uninsured: the maker program first, the copay card ruled out', async () => {
    const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
    await check(page, 'NONE');
    const first = result(page).getByRole('list', { name: 'Routes' }).locator('> li').first();
    expect(await first.getAttribute('data-route-kind')).toBe('PAP');
    expect(await verdictOf(page, 'PAP')).toBe('LIKELY_ELIGIBLE');
    expect(await routeCards(page, 'EXTRA_HELP').count()).toBe(0);
    expect(await first.innerText()).toMatch(/Next: /);
    await expectAccessible(page, 'route cards (uninsured)');
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 90_000);

  test("employer insurance: the maker's copay card, with its page and its source", async () => {
    const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
    await check(page, 'EMPLOYER');
    const card = routeCards(page, 'COPAY_CARD').first();
    expect(await verdictOf(page, 'COPAY_CARD')).toBe('LIKELY_ELIGIBLE');
    expect(await card.innerText()).toMatch(/copay savings card/i);
    expect(await card.getByRole('link', { name: /their page/ }).getAttribute('href')).toMatch(/^https:\/\//);
    expect(await card.getByRole('link', { name: /Source \([A-Z][a-z]{2} \d{1,2}, \d{4}\)/ }).count()).toBe(1);
    await card.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'routes-employer', { fullPage: false });
    await expectAccessible(page, 'route cards (employer)');
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 90_000);

  test('employer insurance for Xarelto: its copay card, and no message that no catalogue program covers it', async () => {
    const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
    await check(page, 'EMPLOYER', undefined, 'Xarelto');
    expect(await verdictOf(page, 'COPAY_CARD')).toBe('LIKELY_ELIGIBLE');
    const text = await result(page).innerText();
    expect(text).not.toMatch(/No program in our catalogue/);
    expect(text).toMatch(/No drug maker's free-medicine program in our catalogue covers this medication yet/);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 90_000);

  test.each(['desktop', 'phone'] as const)(
    'Medicare Part D (%s): the open foundation fund, Extra Help, the payment plan; no copay card',
    async (viewport) => {
      const { page, context, pageErrors } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
      await check(page, 'MEDICARE_PART_D', 'no');
      const open = routeCards(page, 'FOUNDATION')
        .filter({ hasText: /open when last seen/ })
        .first();
      // A fund for one diagnosis of the medication's area: the patient's diagnosis is for a navigator to check.
      expect(await open.locator('[data-verdict]').first().getAttribute('data-verdict')).toBe('NEEDS_REVIEW');
      expect(await open.innerText()).toMatch(/check that this is the diagnosis your medication treats/);
      expect(await verdictOf(page, 'EXTRA_HELP')).toBe('NEEDS_REVIEW');
      expect(await routeCards(page, 'EXTRA_HELP').innerText()).toMatch(/Social Security also checks/);
      expect(await verdictOf(page, 'MEDICARE_PAYMENT_PLAN')).toBe('LIKELY_ELIGIBLE');
      expect(await verdictOf(page, 'COPAY_CARD')).toBe('NOT_ELIGIBLE');
      expect(await routeCards(page, 'COPAY_CARD').innerText()).toMatch(/anti-kickback/);
      expect(await contrastFailures(result(page))).toEqual([]);
      await result(page).evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await screenshot(page, 'routes-medicare', { fullPage: false });
      await expectAccessible(page, `route cards (Medicare Part D, ${viewport})`);
      expect(pageErrors).toEqual([]);
      await context.close();
    },
    90_000,
  );
});

test('the dashboard and the navigator console show the routes', async () => {
  const patient = await createPatient(ctx.stack, {
    tier: 'DIY_INSTRUCTIONS',
    prescriptions: [{ medication: 'Ozempic', dosage: '0.5 mg', frequency: 'Weekly' }],
  });
  const [application] = await waitForApplications(patient, 1);
  await patient.api.put('/users/eligibility', { householdSize: 1, annualIncomeCents: 2_000_000 }, patient.token);

  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  const card = page.locator('[aria-label="Ozempic application"]');
  await card.locator('[data-verdict]').first().waitFor({ timeout: 20_000 });
  await card.getByRole('button', { name: 'View details' }).click();
  const details = page.getByRole('dialog', { name: 'Ozempic application' });
  const routes = details.getByRole('list', { name: 'Routes for Ozempic' });
  await routes.waitFor();
  expect(await routes.locator('> li[data-route-kind="PAP"]').count()).toBeGreaterThan(0);
  await routes.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'routes-dashboard', { fullPage: false });
  await expectAccessible(page, 'routes in the application dialog');
  expect(pageErrors).toEqual([]);
  await context.close();

  const navigator = await createNavigator(ctx.stack);
  const nav = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await logInThroughUi(nav.page, 'desktop', navigator.email);
  await nav.page.getByRole('heading', { name: 'Work queue' }).waitFor();
  await nav.page.goto(`/navigator/patients/${patient.id}#application-${application!.id}`);
  const panel = applicationPanel(nav.page, 'Ozempic');
  await panel.waitFor();
  // No plan on file: screened, and read, as no drug coverage (docs/product.md §6.3, §15).
  await panel.getByText('Coverage: No insurance on file; read as No drug coverage').waitFor();
  await panel.getByText(/Every route for this patient/).click();
  await panel.getByRole('list', { name: 'Routes for Ozempic' }).waitFor();
  // The override offers every route's program: copay cards and foundations too.
  const options = await panel
    .getByLabel('Program', { exact: true })
    .evaluate((s: HTMLSelectElement) => [...s.options].map((o) => o.text));
  expect(options.some((o) => /\(copay card\)/.test(o))).toBe(true);
  expect(options.some((o) => /\(foundation\)/.test(o))).toBe(true);
  await expectAccessible(nav.page, 'routes in the navigator console');
  expect(nav.pageErrors).toEqual([]);
  await nav.context.close();
}, 150_000);

test("a copay card set by the navigator: the patient enrolls on its sponsor's page, with nothing to sign", async () => {
  const card = COPAY_CARD_CATALOGUE.find((c) => c.medications.some((m) => m.brand === 'Ozempic'))!;
  // An employer plan: the card is for one, and the override refuses it for anyone else (docs/product.md §15).
  const patient = await createPatient(ctx.stack, {
    tier: 'DIY_INSTRUCTIONS',
    prescriptions: [{ medication: 'Ozempic', dosage: '0.5 mg', frequency: 'Weekly' }],
    insurances: [{ provider: 'Aetna', drugCoverage: 'EMPLOYER' }],
  });
  const [application] = await waitForApplications(patient, 1);
  const navigator = await createNavigator(ctx.stack);
  const set = await patient.api.put(
    `/admin/applications/${application!.id}/program`,
    { programId: card.id },
    navigator.token,
  );
  expect(set.status).toBe(200);

  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openDashboard(page, patient);
  await page.locator('[aria-label="Ozempic application"]').getByRole('button', { name: 'View details' }).click();
  const details = page.getByRole('dialog', { name: 'Ozempic application' });
  const needed = details.getByRole('region', { name: 'What we still need from you' });
  await needed.getByText(`Enroll in ${card.name} on its sponsor's page: there is nothing to sign here`).waitFor();
  const link = needed.getByRole('link', { name: `${card.sponsor}: their page (opens in a new tab)` });
  expect(await link.getAttribute('href')).toBe(card.website);
  expect(await needed.getByRole('button', { name: 'Sign', exact: true }).count()).toBe(0);
  await needed.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'routes-copay-card-patient', { fullPage: false });
  await expectAccessible(page, 'an application on a copay card');
  expect(pageErrors).toEqual([]);
  await context.close();

  // The navigator's panel sends no packet to a card and asks no prescriber to sign one.
  const nav = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await logInThroughUi(nav.page, 'desktop', navigator.email);
  await nav.page.getByRole('heading', { name: 'Work queue' }).waitFor();
  await nav.page.goto(`/navigator/patients/${patient.id}#application-${application!.id}`);
  const panel = applicationPanel(nav.page, 'Ozempic');
  await panel.getByText(/^No packet goes to a copay card: the patient enrolls on/).waitFor();
  expect(await panel.getByRole('button', { name: /^Send to program/ }).count()).toBe(0);
  // Nor does a prescriber sign for it: the request is not offered (the API refuses it too, 409 no-packet).
  await panel.getByRole('heading', { name: 'Packet' }).waitFor();
  expect(await panel.getByRole('button', { name: 'Request signature' }).count()).toBe(0);
  expect(nav.pageErrors).toEqual([]);
  await nav.context.close();
}, 120_000);
