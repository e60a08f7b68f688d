import type { Page } from 'playwright-core';
import { COPAY_CARD_CATALOGUE } from '@rxbridge/domain';
import { apiClient } from '../support/http';
import { newNavigator, newPatientWithApplications, type Api } from '../applications/helpers';
import { newPage, screenshot, toast, useStackAndBrowser } from './support/browser';
import { expectAccessible } from './support/a11y';
import { applicationPanel, logInThroughUi } from './support/navigator';

const env = useStackAndBrowser();
let api: Api;
beforeAll(() => {
  api = apiClient(env.stack.apiUrl);
});

/** What has the keyboard's focus: its tag, and its aria-label (else its id); 'the page' when nothing has it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'the page';
    return `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.id}`;
  });

/** A navigator signed in through the login page, on the patient's record: the Ozempic panel and its picker. */
async function navigatorOnRecord(patientId: string) {
  const navigator = await newNavigator(env.stack, api);
  const opened = await newPage(env.browser, 'desktop', env.stack.baseUrl);
  const { page } = opened;
  await logInThroughUi(page, 'desktop', navigator.email);
  await page.waitForURL('**/navigator');
  await page.goto(`/navigator/patients/${patientId}`);
  const panel = applicationPanel(page, 'Ozempic');
  return { ...opened, panel, select: panel.getByLabel('Program', { exact: true }) };
}

test('a navigator changes an application’s program with the keyboard and the focus stays on the picker (WCAG 2.4.3)', async () => {
  // An employer plan: whichever neighbour of the matched program the arrow picks (the Ozempic card among them) is one
  // the override accepts for them (docs/product.md §15).
  const patient = await newPatientWithApplications(api, ['Ozempic'], {
    firstName: 'Alma',
    lastName: 'Reyes',
    insurances: [{ provider: 'Aetna', drugCoverage: 'EMPLOYER' }],
  });
  const { page, context, pageErrors, panel, select } = await navigatorOnRecord(patient.id);
  const button = panel.getByRole('button', { name: 'Change program for Ozempic' });
  await select.waitFor();
  await page.waitForFunction(
    (id) =>
      ((document.querySelector(`#application-${id} select`) as HTMLSelectElement | null)?.options.length ?? 0) > 2,
    patient.applications[0].id,
  );
  const matched = await select.inputValue();
  expect(matched).not.toBe('');
  expect(await button.isDisabled()).toBe(true);

  // Keyboard only: an arrow picks another program, Tab goes to the button, Enter changes it.
  await select.focus();
  await page.keyboard.press('ArrowDown');
  if ((await select.inputValue()) === matched) await page.keyboard.press('ArrowUp');
  const chosen = await select.inputValue();
  expect(chosen).not.toBe(matched);
  expect(chosen).not.toBe('');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('button Change program for Ozempic');
  await page.keyboard.press('Enter');
  await toast(page, /Program set to/).waitFor();

  // Once the view is read again the button has nothing to change and is disabled: the focus is on the picker, which
  // shows the program now set, not on the page's start.
  await page.waitForFunction(
    ([id, programId]) =>
      (document.querySelector(`#application-${id} select`) as HTMLSelectElement | null)?.value === programId,
    [patient.applications[0].id, chosen] as const,
  );
  expect(await button.isDisabled()).toBe(true);
  await page
    .waitForFunction(() => document.activeElement?.tagName === 'SELECT', undefined, { timeout: 5_000 })
    .catch(() => undefined);
  expect(await focused(page)).toBe(`select ${await select.getAttribute('id')}`);
  await panel.getByText('Chosen by a navigator: the automatic match no longer changes it.').waitFor();
  // The program's entry in the timeline stays in its state: it names it once, not as a move from Intake to Intake.
  const latest = panel
    .getByRole('list', { name: /timeline/ })
    .getByRole('listitem')
    .first();
  await latest.getByText('Program set to Ozempic Savings Card', { exact: false }).waitFor();
  expect(await latest.locator('p').first().textContent()).toBe('Intake');
  await expectAccessible(page, 'the program changed, the focus on the picker');
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, 'navigator-program-changed', { fullPage: false });
  expect(pageErrors).toEqual([]);
  await context.close();
});

test('a program a colleague set while the picker was open is not replaced unseen: the change is refused and shown', async () => {
  const patient = await newPatientWithApplications(api, ['Ozempic'], { firstName: 'Rita', lastName: 'Soto' });
  const [application] = patient.applications;
  const colleague = await newNavigator(env.stack, api);
  const { page, context, pageErrors, panel, select } = await navigatorOnRecord(patient.id);
  await page.waitForFunction(
    (id) =>
      ((document.querySelector(`#application-${id} select`) as HTMLSelectElement | null)?.options.length ?? 0) > 3,
    application.id,
  );
  const matched = await select.inputValue();
  const others = (
    await select.locator('option').evaluateAll((options) => options.map((o) => o.getAttribute('value')))
  ).filter((value): value is string => !!value && value !== matched);
  const [mine, theirs] = others;

  // The navigator picks a program; before they press the button, a colleague sets another, which reaches this screen.
  await select.selectOption(mine);
  const set = await api.put(`/admin/applications/${application.id}/program`, { programId: theirs }, colleague.token);
  expect(set.status).toBe(200);
  await panel.getByText('Chosen by a navigator: the automatic match no longer changes it.').waitFor();
  expect(await select.inputValue()).toBe(mine);

  await panel.getByRole('button', { name: 'Change program for Ozempic' }).click();
  await toast(page, 'Program not changed').waitFor();
  await page.getByText(/Someone else set this application's program to .* since you looked/).waitFor();
  // The picker shows the colleague's program again, which stays.
  await page.waitForFunction(
    ([id, programId]) =>
      (document.querySelector(`#application-${id} select`) as HTMLSelectElement | null)?.value === programId,
    [application.id, theirs] as const,
  );
  const view = await api.get(`/admin/applications/${application.id}`, colleague.token);
  expect(view.body.data.application.program.id).toBe(theirs);
  await expectAccessible(page, 'a program change refused: a colleague set another meanwhile');
  expect(pageErrors).toEqual([]);
  await context.close();
});

test('a copay card for a patient on Medicare is refused, and the picker says why and shows the program set', async () => {
  const card = COPAY_CARD_CATALOGUE.find((c) => c.medications.some((m) => m.brand === 'Ozempic'))!;
  const patient = await newPatientWithApplications(api, ['Ozempic'], {
    firstName: 'Luz',
    lastName: 'Marin',
    insurances: [{ provider: 'Humana', drugCoverage: 'MEDICARE_PART_D' }],
  });
  const [application] = patient.applications;
  const { page, context, pageErrors, panel, select } = await navigatorOnRecord(patient.id);
  await page.waitForFunction(
    ([id, value]) =>
      !!(document.querySelector(`#application-${id} select`) as HTMLSelectElement | null)?.querySelector(
        `option[value="${value}"]`,
      ),
    [application.id, card.id] as const,
  );
  const matched = await select.inputValue();
  await select.selectOption(card.id);
  await panel.getByRole('button', { name: 'Change program for Ozempic' }).click();
  await toast(page, 'Program not changed').waitFor();
  await page
    .getByText(
      `${card.name} cannot be set for this patient. A maker's copay card cannot be used with a Medicare Part D plan`,
      { exact: false },
    )
    .waitFor();
  await page.waitForFunction(
    ([id, programId]) =>
      (document.querySelector(`#application-${id} select`) as HTMLSelectElement | null)?.value === programId,
    [application.id, matched] as const,
  );
  await expectAccessible(page, 'a copay card refused for a patient on Medicare');
  expect(pageErrors).toEqual([]);
  await context.close();
});
