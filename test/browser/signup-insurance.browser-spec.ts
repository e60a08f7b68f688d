// The signup wizard's insurance step and its add buttons (docs/product.md §7.1, §6.3): an out-of-pocket amount the
// patient can no longer see never blocks Create Account; Add refuses an amount it cannot read, with the field's own
// message; and an add button pressed from the keyboard never drops the focus (it never disables itself under it).
import type { Locator, Page } from 'playwright-core';
import { apiClient } from '../support/http';
import { eventually } from '../support/wait';
import { expectAccessible } from './support/a11y';
import { newPage, screenshot, toast, uniqueEmail, useStackAndBrowser } from './support/browser';
import { expectNoOverflow } from './support/layout';
import { messageOf, openAndFillAccount as openAt, speakSpanish } from './support/signup';

const ctx = useStackAndBrowser();

type Lang = 'en' | 'es';
/** Steps 1 to 3 filled, the wizard at step 4. */
const openAndFillAccount = (page: Page, lang: Lang) => openAt(page, lang, uniqueEmail(`irene-${lang}`));

const TEXT = {
  en: {
    next: 'Next',
    create: 'Create Account',
    hasInsurance: 'Do you have health insurance?',
    yes: 'Yes',
    no: 'No',
    provider: 'Insurance provider',
    kind: 'What kind of plan is it?',
    outOfPocket: 'Out-of-pocket drug costs this year ($)',
    add: 'Add Insurance',
    added: 'Insurance Added',
    list: 'Insurance added',
    unreadable: 'Enter an amount in dollars, like 850',
    step7: 'Step 7 of 7: Insurance',
  },
  es: {
    next: 'Continuar',
    create: 'Crear la cuenta',
    hasInsurance: '¿Tiene seguro médico?',
    yes: 'Sí',
    no: 'No',
    provider: 'Compañía de seguro médico',
    kind: '¿Qué tipo de plan es?',
    outOfPocket: 'Gastos de bolsillo en medicamentos este año ($)',
    add: 'Agregar seguro médico',
    added: 'Seguro médico agregado',
    list: 'Seguros médicos agregados',
    unreadable: 'Escriba una cantidad en dólares, como 850',
    step7: 'Paso 7 de 7: Seguro médico',
  },
} as const;

/** On from step 4 (the doctors) to step 7: no doctor, the free plan, no prescription. */
async function toInsuranceStep(d: Locator, lang: Lang) {
  const t = TEXT[lang];
  await d.getByRole('button', { name: t.next }).click();
  await d.getByText('DIY Toolkit').click();
  await d.getByRole('button', { name: t.next }).click();
  await d.getByRole('button', { name: t.next }).click();
  await d.getByText(t.step7).waitFor();
}

/** Answers "Do you have health insurance?" (Extra Help has its own Yes and No). */
const answerInsurance = (d: Locator, lang: Lang, answer: 'yes' | 'no') =>
  d.getByRole('group', { name: TEXT[lang].hasInsurance }).getByText(TEXT[lang][answer], { exact: true }).click();

const insurancesOf = async (page: Page) => {
  await page.waitForURL('**/dashboard');
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  return (await apiClient(ctx.stack.apiUrl).get('/insurance', token!)).body.data.insurances;
};

const hasFocus = (button: Locator) => button.evaluate((el) => el === document.activeElement);

test('an out-of-pocket amount that is no longer shown does not keep Create Account disabled', async () => {
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  const t = TEXT.en;
  const d = await openAndFillAccount(page, 'en');
  await toInsuranceStep(d, 'en');
  const create = d.getByRole('button', { name: t.create });
  const amount = d.getByLabel(t.outOfPocket);
  await answerInsurance(d, 'en', 'yes');
  await d.getByLabel(t.provider).selectOption('Humana');
  await d.getByLabel(t.kind).selectOption('MEDICARE_PART_D');
  await amount.fill('abc');
  await amount.blur();
  // Shown, the amount says what is wrong and holds the step (the step's rule).
  expect(await messageOf(amount)).toEqual({ invalid: 'true', text: t.unreadable });
  expect(await create.isDisabled()).toBe(true);

  // Another kind of plan: the amount is no longer asked, so it no longer counts.
  await d.getByLabel(t.kind).selectOption('EMPLOYER');
  await amount.waitFor({ state: 'detached' });
  expect(await create.isEnabled()).toBe(true);
  expect(await d.getByText(t.unreadable).count()).toBe(0);
  await screenshot(page, 'signup-insurance-amount-hidden', { fullPage: false });

  // Back to Medicare: the amount is shown again, with its message, and holds the step again.
  await d.getByLabel(t.kind).selectOption('MEDICARE_PART_D');
  await amount.fill('12.345');
  await amount.blur();
  expect(await messageOf(amount)).toEqual({ invalid: 'true', text: t.unreadable });
  expect(await create.isDisabled()).toBe(true);

  // "No" hides the whole plan: nothing hidden holds the step, and no plan is sent.
  await answerInsurance(d, 'en', 'no');
  expect(await create.isEnabled()).toBe(true);
  await expectAccessible(page, 'signup insurance step, answered No over an unreadable amount');
  await create.click();
  await toast(page, 'Account Created Successfully').waitFor();
  expect(await insurancesOf(page)).toEqual([]);
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);

describe.each<Lang>(['en', 'es'])('the insurance Add button (%s, phone)', (lang) => {
  test('refuses an out-of-pocket amount it cannot read, under the field, and adds it once it is fixed', async () => {
    const { page, context, pageErrors } = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
    if (lang === 'es') {
      await speakSpanish(context);
      await page.setViewportSize({ width: 375, height: 812 });
    }
    const t = TEXT[lang];
    const d = await openAndFillAccount(page, lang);
    await toInsuranceStep(d, lang);
    const amount = d.getByLabel(t.outOfPocket);
    const add = d.getByRole('button', { name: t.add });
    await answerInsurance(d, lang, 'yes');
    await d.getByLabel(t.provider).selectOption('Humana');
    await d.getByLabel(t.kind).selectOption('MEDICARE_PART_D');
    await amount.fill('12.345');
    await add.click();
    // Not added: the amount keeps what was typed and says why, in its own message slot.
    expect(await messageOf(amount)).toEqual({ invalid: 'true', text: t.unreadable });
    expect(await amount.inputValue()).toBe('12.345');
    expect(await d.getByRole('list', { name: t.list }).count()).toBe(0);
    expect(await toast(page, t.added).count()).toBe(0);
    await add.scrollIntoViewIfNeeded();
    await screenshot(page, `signup-insurance-unreadable-amount-${lang}`, { fullPage: false });
    await expectNoOverflow(page, `insurance step with an unreadable amount (${lang})`);
    await expectAccessible(page, `signup insurance step, Add refused an unreadable amount (${lang})`);

    await amount.fill('$1,234.50');
    await add.click();
    await toast(page, t.added).waitFor();
    await d.getByRole('list', { name: t.list }).getByText('Humana').waitFor();
    await d.getByRole('button', { name: t.create }).click();
    const [saved] = await insurancesOf(page);
    expect(saved).toMatchObject({
      provider: 'Humana',
      drugCoverage: 'MEDICARE_PART_D',
      outOfPocketCentsThisYear: 123_450,
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});

test('the add buttons never drop the keyboard focus: pressed with nothing to add they say why, and after adding they keep it', async () => {
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  const d = await openAndFillAccount(page, 'en');
  const press = async (button: Locator) => {
    await button.focus();
    await page.keyboard.press('Enter');
  };

  // Doctors: Add with nothing typed names the required fields and takes the focus to the first of them
  // (signup-lists.browser-spec.ts); once added, and after Clear form, the focus stays. A doctor added without the
  // optional specialty does not hold Next.
  const addDoctor = d.getByRole('button', { name: 'Add Doctor' });
  await press(addDoctor);
  await d.getByText('First name is required').waitFor();
  expect(await messageOf(d.getByLabel('Doctor first name'))).toEqual({
    invalid: 'true',
    text: 'First name is required',
  });
  expect(await messageOf(d.getByLabel('Address'))).toEqual({ invalid: 'true', text: 'Address is required' });
  expect(await hasFocus(d.getByLabel('Doctor first name'))).toBe(true);
  await d.getByLabel('Doctor first name').fill('Sam');
  await d.getByLabel('Doctor last name').fill('Okafor');
  await d.getByLabel('Address').fill('1 Heart Way, Columbus OH');
  await press(addDoctor);
  await toast(page, 'Doctor Added').waitFor();
  await d.getByRole('list', { name: 'Doctors added' }).getByText('Dr. Sam Okafor').waitFor();
  expect(await hasFocus(addDoctor)).toBe(true);
  expect(await d.getByText('First name is required').count()).toBe(0);
  const clear = d.getByRole('button', { name: 'Clear form' });
  await d.getByLabel('Doctor first name').fill('Ana');
  await press(clear);
  expect(await d.getByLabel('Doctor first name').inputValue()).toBe('');
  expect(await hasFocus(clear)).toBe(true);
  await d.getByRole('button', { name: 'Next' }).click();
  await d.getByText('DIY Toolkit').click();
  await d.getByRole('button', { name: 'Next' }).click();

  // Prescriptions.
  const addPrescription = d.getByRole('button', { name: 'Add Prescription' });
  await press(addPrescription);
  expect(await messageOf(d.getByLabel('Medication'))).toEqual({ invalid: 'true', text: 'Medication is required' });
  // The focus goes to the field missing (product.md §7.1), as Add Doctor's does.
  await eventually(() => hasFocus(d.getByLabel('Medication')), 'the focus on Medication');
  await d.getByLabel('Medication').fill('Eliquis');
  await press(addPrescription);
  await toast(page, 'Prescription Added').waitFor();
  await d.getByRole('list', { name: 'Prescriptions added' }).getByText('Eliquis').waitFor();
  expect(await hasFocus(addPrescription)).toBe(true);
  await d.getByRole('button', { name: 'Next' }).click();

  // Insurance: Add without a provider asks for one there; once added, the focus stays on Add.
  await d.getByText(TEXT.en.step7).waitFor();
  await answerInsurance(d, 'en', 'yes');
  const addInsurance = d.getByRole('button', { name: 'Add Insurance' });
  await press(addInsurance);
  expect(await messageOf(d.getByLabel('Insurance provider'))).toEqual({
    invalid: 'true',
    text: 'Please select an insurance provider.',
  });
  await eventually(() => hasFocus(d.getByLabel('Insurance provider')), 'the focus on Insurance provider');
  await expectAccessible(page, 'signup insurance step, Add pressed without a provider');
  await d.getByLabel('Insurance provider').selectOption('Aetna');
  expect(await messageOf(d.getByLabel('Insurance provider'))).toMatchObject({ invalid: null });
  await press(addInsurance);
  await toast(page, 'Insurance Added').waitFor();
  await d.getByRole('list', { name: 'Insurance added' }).getByText('Aetna').waitFor();
  expect(await hasFocus(addInsurance)).toBe(true);
  await expectAccessible(page, 'signup insurance step, after a plan was added');
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);
