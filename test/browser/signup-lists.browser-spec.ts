// The signup wizard's lists of doctors, prescriptions and insurance plans, as a keyboard and screen-reader user uses
// them (docs/product.md §7.1): Remove hands the focus to the next row's Remove, else the previous row's, else the
// section's first field, and says what it removed in the wizard's polite status; Add Insurance for a provider already
// in the list says so under the provider and keeps the focus; Add Doctor, Add Prescription and Add Insurance with
// fields missing or unreadable take the focus to the first of them, scrolled into view on a phone; a question passed
// over by Tab is left unanswered, with the product's own message where an answer is required.
import type { Locator, Page } from 'playwright-core';
import { apiClient } from '../support/http';
import { expectAccessible } from './support/a11y';
import { VIEWPORTS, newPage, screenshot, toast, uniqueEmail, useStackAndBrowser } from './support/browser';
import { expectNoOverflow } from './support/layout';
import { WIZARD_WORDS, messageOf, nextAndSettle, openAndFillAccount, speakSpanish } from './support/signup';

const ctx = useStackAndBrowser();

/** A small phone (as an iPhone SE): the doctor's form is taller than its screen. */
const SMALL_PHONE = { width: 375, height: 667 };

/** What has the keyboard's focus: its aria-label, its label's text, or its own text; the tag when none. */
const focusName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement & { labels?: NodeListOf<HTMLLabelElement> };
    if (!el) return null;
    const own = el.tagName === 'BUTTON' ? el.textContent?.trim() : undefined;
    return el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent?.trim() ?? (own || el.tagName);
  });

/** The focus lands on `name` (the app moves it right after the key press; a moment is allowed). */
async function expectFocus(page: Page, name: string) {
  const until = Date.now() + 2_000;
  let now = await focusName(page);
  while (now !== name && Date.now() < until) {
    await page.waitForTimeout(50);
    now = await focusName(page);
  }
  expect(now).toBe(name);
}

/**
 * Whether the element can be seen: inside the window, not under the wizard's sticky footer, and clear of the toasts
 * (at the top of a phone's screen while a dialog is open; Radix turns their pointer events off, so a hit test misses
 * them and they are compared by their boxes).
 */
const inView = (el: Locator) =>
  el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const covered = [...document.querySelectorAll('[data-sonner-toast]')].some((toast) => {
      const t = toast.getBoundingClientRect();
      return t.height > 0 && t.top < r.bottom && r.top < t.bottom && t.left < r.right && r.left < t.right;
    });
    return r.top >= 0 && r.bottom <= window.innerHeight && !!hit && (hit === node || node.contains(hit)) && !covered;
  });

/** The wizard's polite status says `text` (a screen reader reads it out; the region is always there). */
async function expectSaid(d: Locator, text: string) {
  const status = d.getByRole('status');
  await status.filter({ hasText: text }).waitFor({ state: 'attached' });
  expect(await status.evaluate((el) => [el.getAttribute('aria-live'), el.textContent])).toEqual(['polite', text]);
}

/** The rows of an added list, by their titles (each row's first line). */
const rows = async (d: Locator, list: string) =>
  (await d.getByRole('list', { name: list }).getByRole('listitem').allInnerTexts()).map((t) => t.split('\n')[0]);

const press = (page: Page, key = 'Enter') => page.keyboard.press(key);

/** Step 4 by keyboard: the doctor's names and address typed, Tab by Tab on to Add Doctor, pressed. */
async function typeDoctor(page: Page, d: Locator, firstName: string, lastName: string) {
  await d.getByLabel(/^(Doctor first name|Nombre del médico)$/).focus();
  await page.keyboard.type(firstName);
  await press(page, 'Tab');
  await page.keyboard.type(lastName);
  for (let i = 0; i < 3; i++) await press(page, 'Tab'); // specialty, phone, address
  await page.keyboard.type('1 Heart Way, Columbus OH');
  await press(page, 'Tab'); // NPI
  await press(page, 'Tab');
  await press(page);
}

/** The English wizard at a phone's size (a small one unless told), steps 1 to 3 filled; on to step 6 or 7. */
async function openAt(step: 4 | 6 | 7, size: { width: number; height: number } = SMALL_PHONE) {
  const opened = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
  const { page } = opened;
  await page.setViewportSize(size);
  const d = await openAndFillAccount(page, 'en', uniqueEmail('lists'));
  await d.getByText('Step 4 of 7: Your doctors').waitFor();
  if (step > 4) {
    await nextAndSettle(d);
    await d.getByText('DIY Toolkit').click();
    await nextAndSettle(d);
    await d.getByText('Step 6 of 7: Prescriptions').waitFor();
  }
  if (step > 6) {
    await nextAndSettle(d);
    await d.getByText('Step 7 of 7: Insurance').waitFor();
  }
  return { ...opened, d };
}

test('doctors by keyboard on a phone: Add Doctor with a field missing takes the focus to it, in view; Remove moves the focus to the next row, the previous, then the form, and says so', async () => {
  const { page, context, pageErrors, d } = await openAt(4);
  for (const [first, last] of [
    ['Ana', 'Reyes'],
    ['Ben', 'Ortiz'],
    ['Cal', 'Young'],
  ] as const)
    await typeDoctor(page, d, first, last);
  expect(await rows(d, 'Doctors added')).toEqual(['Dr. Ana Reyes', 'Dr. Ben Ortiz', 'Dr. Cal Young']);

  // Add Doctor with the first name missing: the first name is above the phone's screen; the focus goes to it, which
  // brings it into view, with its message.
  const firstName = d.getByLabel('Doctor first name');
  await d.getByLabel('Doctor last name').focus();
  await page.keyboard.type('Diaz');
  for (let i = 0; i < 3; i++) await press(page, 'Tab');
  await page.keyboard.type('9 Elm St, Columbus OH');
  await press(page, 'Tab');
  await press(page, 'Tab');
  await expectFocus(page, 'Add Doctor');
  expect(await inView(firstName)).toBe(false);
  await press(page);
  await expectFocus(page, 'Doctor first name');
  expect(await messageOf(firstName)).toEqual({ invalid: 'true', text: 'First name is required' });
  expect(await inView(firstName)).toBe(true);
  await screenshot(page, 'signup-doctor-first-missing-field', { fullPage: false });
  await expectAccessible(page, 'signup doctors, Add Doctor without a first name');
  await page.keyboard.type('Dee');
  for (let i = 0; i < 6; i++) await press(page, 'Tab'); // last name, specialty, phone, address, NPI, Add Doctor
  await press(page);
  await d.getByRole('list', { name: 'Doctors added' }).getByText('Dr. Dee Diaz').waitFor();

  // Remove, from the keyboard, four times over: the focus goes on down the list, then up, then to the form.
  await d.getByRole('button', { name: 'Remove Dr. Ben Ortiz' }).focus();
  await press(page);
  await expectFocus(page, 'Remove Dr. Cal Young');
  await expectSaid(d, 'Dr. Ben Ortiz removed from your doctors.');
  expect(await rows(d, 'Doctors added')).toEqual(['Dr. Ana Reyes', 'Dr. Cal Young', 'Dr. Dee Diaz']);
  await press(page);
  await expectFocus(page, 'Remove Dr. Dee Diaz');
  await expectSaid(d, 'Dr. Cal Young removed from your doctors.');
  await press(page);
  await expectFocus(page, 'Remove Dr. Ana Reyes');
  await expectSaid(d, 'Dr. Dee Diaz removed from your doctors.');
  await screenshot(page, 'signup-doctor-removed-last-row', { fullPage: false });
  await expectAccessible(page, 'signup doctors, the last row removed');
  await press(page);
  await expectFocus(page, 'Doctor first name');
  await expectSaid(d, 'Dr. Ana Reyes removed from your doctors.');
  expect(await d.getByRole('list', { name: 'Doctors added' }).count()).toBe(0);
  expect(await messageOf(firstName)).toMatchObject({ invalid: null });
  await screenshot(page, 'signup-doctor-removed-all', { fullPage: false });
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);

test('prescriptions by keyboard: Remove moves the focus to the next row, then to Medication, and says so', async () => {
  const { page, context, pageErrors, d } = await openAt(6);
  for (const medication of ['Eliquis', 'Jardiance']) {
    await d.getByLabel('Medication').focus();
    await page.keyboard.type(medication);
    for (let i = 0; i < 3; i++) await press(page, 'Tab'); // dosage, frequency, Add Prescription
    await press(page);
    await d.getByRole('list', { name: 'Prescriptions added' }).getByText(medication).waitFor();
  }
  await d.getByRole('button', { name: 'Remove Eliquis' }).focus();
  await press(page);
  await expectFocus(page, 'Remove Jardiance');
  await expectSaid(d, 'Eliquis removed from your prescriptions.');
  await screenshot(page, 'signup-prescriptions-removed-first', { fullPage: false });
  await press(page);
  await expectFocus(page, 'Medication');
  await expectSaid(d, 'Jardiance removed from your prescriptions.');
  await screenshot(page, 'signup-prescriptions-removed-all', { fullPage: false });
  await expectAccessible(page, 'signup prescriptions, all removed');
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);

test('Add Prescription and Add Insurance by keyboard on a 390 px phone: a draft with a field missing or unreadable takes the focus to the first of them, in view, with its message; a complete one is added and the focus stays on Add', async () => {
  const { page, context, pageErrors, d } = await openAt(6, VIEWPORTS.phone);
  // Step 6: the dosage and frequency typed, the medication (the first field) left out.
  const medication = d.getByLabel('Medication');
  await d.getByLabel('Dosage').focus();
  await page.keyboard.type('5 mg');
  await press(page, 'Tab');
  await d.getByLabel('Frequency').selectOption('Twice daily');
  await press(page, 'Tab');
  await expectFocus(page, 'Add Prescription');
  await press(page);
  await expectFocus(page, 'Medication');
  expect(await messageOf(medication)).toEqual({ invalid: 'true', text: 'Medication is required' });
  expect(await inView(medication)).toBe(true);
  expect(await d.getByRole('list', { name: 'Prescriptions added' }).count()).toBe(0);
  expect(await d.getByLabel('Dosage').inputValue()).toBe('5 mg');
  await screenshot(page, 'signup-prescription-medication-missing', { fullPage: false });
  await expectAccessible(page, 'signup prescriptions, Add Prescription without a medication');
  // Typed where the focus went, the prescription is added and the focus stays on Add.
  await page.keyboard.type('Eliquis');
  for (let i = 0; i < 3; i++) await press(page, 'Tab'); // dosage, frequency, Add Prescription
  await press(page);
  await d.getByRole('list', { name: 'Prescriptions added' }).getByText('Eliquis').waitFor();
  await expectFocus(page, 'Add Prescription');
  expect(await messageOf(medication)).toMatchObject({ invalid: null });

  // Step 7: a Medicare plan answered (Extra Help, this year's costs), then its provider unchosen: the answers are kept,
  // and Add takes the focus up to the provider. The amount, unreadable, is left by Tab for the first time: its message
  // takes its hint's place as it is left, and the focus goes on to Add, not to the dialog.
  await nextAndSettle(d);
  await d.getByText('Step 7 of 7: Insurance').waitFor();
  await d.getByRole('radio', { name: 'Yes' }).focus();
  await press(page, 'Space');
  const provider = d.getByLabel('Insurance provider');
  const amount = d.getByLabel('Out-of-pocket drug costs this year ($)');
  await provider.focus();
  await provider.selectOption('Aetna');
  await press(page, 'Tab');
  await d.getByLabel('What kind of plan is it?').selectOption('MEDICARE_PART_D');
  await press(page, 'Tab');
  await press(page, 'Space'); // Extra Help: Yes
  await press(page, 'Tab');
  await expectFocus(page, 'Out-of-pocket drug costs this year ($)');
  await page.keyboard.type('about 900');
  await press(page, 'Tab');
  await d.getByText('Enter an amount in dollars, like 850').waitFor();
  await expectFocus(page, 'Add Insurance');
  expect(await messageOf(amount)).toEqual({ invalid: 'true', text: 'Enter an amount in dollars, like 850' });
  await screenshot(page, 'signup-insurance-amount-left-by-tab', { fullPage: false });
  await provider.focus();
  await provider.selectOption('');
  await press(page, 'Tab');
  await expectFocus(page, 'Add Insurance');
  await press(page);
  await expectFocus(page, 'Insurance provider');
  expect(await messageOf(provider)).toEqual({ invalid: 'true', text: 'Please select an insurance provider.' });
  expect(await inView(provider)).toBe(true);
  expect(await d.getByRole('list', { name: 'Insurance added' }).count()).toBe(0);
  await screenshot(page, 'signup-insurance-provider-missing', { fullPage: false });
  await expectAccessible(page, 'signup insurance, Add Insurance without a provider');

  // Chosen again, with an amount that does not read as dollars: Add takes the focus to the amount.
  await provider.selectOption('Aetna');
  await amount.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('about 900');
  await press(page, 'Tab');
  await d.getByText('Enter an amount in dollars, like 850').waitFor();
  await expectFocus(page, 'Add Insurance');
  await press(page);
  await expectFocus(page, 'Out-of-pocket drug costs this year ($)');
  expect(await messageOf(amount)).toEqual({ invalid: 'true', text: 'Enter an amount in dollars, like 850' });
  expect(await inView(amount)).toBe(true);
  expect(await d.getByRole('list', { name: 'Insurance added' }).count()).toBe(0);
  await expectAccessible(page, 'signup insurance, Add Insurance with an amount it cannot read');
  // Put right where the focus went, the plan is added and the focus stays on Add.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('900');
  await press(page, 'Tab');
  await expectFocus(page, 'Add Insurance');
  await press(page);
  await d.getByRole('list', { name: 'Insurance added' }).getByText('Aetna').waitFor();
  await expectFocus(page, 'Add Insurance');
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);

test('insurance by keyboard: a provider already added is refused under the provider, the focus kept on Add; Remove moves the focus and says so', async () => {
  const { page, context, pageErrors, d } = await openAt(7);
  await d.getByRole('radio', { name: 'Yes' }).focus();
  await press(page, 'Space');
  const provider = d.getByLabel('Insurance provider');
  const add = d.getByRole('button', { name: 'Add Insurance' });
  // Each provider chosen, then Tab by Tab (the kind of plan) on to Add, pressed.
  for (const name of ['Aetna', 'Humana', 'Aetna']) {
    await provider.focus();
    await provider.selectOption(name);
    await press(page, 'Tab');
    await press(page, 'Tab');
    await expectFocus(page, 'Add Insurance');
    await press(page);
  }
  await expectFocus(page, 'Add Insurance');
  expect(await messageOf(provider)).toEqual({ invalid: 'true', text: 'Aetna is already in your list.' });
  expect(await rows(d, 'Insurance added')).toEqual(['Aetna', 'Humana']);
  expect(await provider.inputValue()).toBe('Aetna');
  // The message and the button that keeps the focus are both in sight, the button clear of the sticky footer.
  expect(await inView(d.getByText('Aetna is already in your list.'))).toBe(true);
  expect(await inView(add)).toBe(true);
  await screenshot(page, 'signup-insurance-duplicate-provider', { fullPage: false });
  await expectNoOverflow(page, 'insurance step, a provider already added');
  await expectAccessible(page, 'signup insurance, a provider already added');
  await provider.selectOption('Cigna');
  await d.getByText('Aetna is already in your list.').waitFor({ state: 'detached' });
  expect(await messageOf(provider)).toMatchObject({ invalid: null });

  await d.getByRole('button', { name: 'Remove Aetna' }).focus();
  await press(page);
  await expectFocus(page, 'Remove Humana');
  await expectSaid(d, 'Aetna removed from your insurance.');
  await press(page);
  await expectFocus(page, 'Insurance provider');
  await expectSaid(d, 'Humana removed from your insurance.');
  await screenshot(page, 'signup-insurance-removed-all', { fullPage: false });
  await expectAccessible(page, 'signup insurance, all removed');
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);

test('in Spanish at 375 px the removal is said and a provider already added is refused in Spanish', async () => {
  const { page, context, pageErrors } = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
  await speakSpanish(context);
  await page.setViewportSize({ width: 375, height: 812 });
  const d = await openAndFillAccount(page, 'es', uniqueEmail('listas'));
  await d.getByText('Paso 4 de 7: Sus médicos').waitFor();
  await typeDoctor(page, d, 'Ana', 'Reyes');
  await d.getByRole('button', { name: 'Quitar a Dr(a). Ana Reyes' }).focus();
  await press(page);
  await expectFocus(page, 'Nombre del médico');
  await expectSaid(d, 'Se quitó a Dr(a). Ana Reyes de sus médicos.');

  await nextAndSettle(d, WIZARD_WORDS.es.next);
  await d.getByText('DIY Toolkit').click();
  await nextAndSettle(d, WIZARD_WORDS.es.next);
  await nextAndSettle(d, WIZARD_WORDS.es.next);
  await d.getByText('Paso 7 de 7: Seguro médico').waitFor();
  await d.getByRole('radio', { name: 'Sí' }).focus();
  await press(page, 'Space');
  const provider = d.getByLabel('Compañía de seguro médico');
  for (let i = 0; i < 2; i++) {
    await provider.focus();
    await provider.selectOption('Aetna');
    await press(page, 'Tab');
    await press(page, 'Tab');
    await expectFocus(page, 'Agregar seguro médico');
    await press(page);
  }
  await expectFocus(page, 'Agregar seguro médico');
  expect(await messageOf(provider)).toEqual({ invalid: 'true', text: 'Aetna ya está en su lista.' });
  expect(await rows(d, 'Seguros médicos agregados')).toEqual(['Aetna']);
  await screenshot(page, 'signup-insurance-duplicate-provider-es', { fullPage: false });
  await expectNoOverflow(page, 'seguro médico, una compañía ya agregada');
  await expectAccessible(page, 'signup (es), una compañía ya agregada');

  await d.getByRole('button', { name: 'Quitar Aetna' }).focus();
  await press(page);
  await expectFocus(page, 'Compañía de seguro médico');
  await expectSaid(d, 'Se quitó Aetna de sus seguros médicos.');
  // Aetna, still chosen, is no longer in the list: its message goes.
  expect(await messageOf(provider)).toMatchObject({ invalid: null });
  await screenshot(page, 'signup-insurance-removed-es', { fullPage: false });
  await expectAccessible(page, 'signup (es), seguro médico quitado');
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);

const STEP7 = {
  en: {
    step7: 'Step 7 of 7: Insurance',
    hasInsurance: 'Do you have health insurance?',
    answerNeeded: 'Please tell us whether you have insurance',
    yes: 'Yes',
    provider: 'Insurance provider',
    kind: 'What kind of plan is it?',
    extraHelp: 'Do you get Extra Help (the Low-Income Subsidy)?',
    outOfPocket: 'Out-of-pocket drug costs this year ($)',
    add: 'Add Insurance',
    create: 'Create Account',
  },
  es: {
    step7: 'Paso 7 de 7: Seguro médico',
    hasInsurance: '¿Tiene seguro médico?',
    answerNeeded: 'Díganos si tiene seguro médico',
    yes: 'Sí',
    provider: 'Compañía de seguro médico',
    kind: '¿Qué tipo de plan es?',
    extraHelp: '¿Recibe Ayuda Adicional (el subsidio por bajos ingresos)?',
    outOfPocket: 'Gastos de bolsillo en medicamentos este año ($)',
    add: 'Agregar seguro médico',
    create: 'Crear la cuenta',
  },
} as const;

/** The message a radio group's aria-describedby names, if any. */
const groupMessage = (group: Locator) =>
  group.evaluate((el) => {
    const id = el.getAttribute('aria-describedby');
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  });

/** zod's own words for a value that is not one of the choices, never meant for a person. */
const RAW_ZOD = /Invalid option|expected one of/;

describe.each(['en', 'es'] as const)('questions passed over by Tab on a 390 px phone (%s)', (lang) => {
  test('an unanswered question stays unanswered: the product message where an answer is required, none for Extra Help, Create Account enabled', async () => {
    const t = STEP7[lang];
    const { page, context, pageErrors } = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
    if (lang === 'es') await speakSpanish(context);
    await page.setViewportSize(VIEWPORTS.phone);
    const d = await openAndFillAccount(page, lang, uniqueEmail(`extra-help-${lang}`));
    await nextAndSettle(d, WIZARD_WORDS[lang].next);
    await d.getByText('DIY Toolkit').click();
    await nextAndSettle(d, WIZARD_WORDS[lang].next);
    await nextAndSettle(d, WIZARD_WORDS[lang].next);
    await d.getByText(t.step7).waitFor();

    // "Do you have health insurance?" passed over: it must be answered, and says so in the product's words.
    const hasInsurance = d.getByRole('group', { name: t.hasInsurance });
    await hasInsurance.getByRole('radio', { name: t.yes }).focus();
    await press(page, 'Tab');
    await hasInsurance.getByRole('alert').waitFor();
    expect(await groupMessage(hasInsurance)).toBe(t.answerNeeded);
    expect(await d.getByText(RAW_ZOD).count()).toBe(0);
    await hasInsurance.getByRole('radio', { name: t.yes }).focus();
    await press(page, 'Space');
    await hasInsurance.getByRole('alert').waitFor({ state: 'detached' });

    // A Medicare plan, Tab by Tab over Extra Help (its first choice, none checked) and the amount on to Add.
    const provider = d.getByLabel(t.provider);
    await provider.focus();
    await provider.selectOption('Aetna');
    await press(page, 'Tab');
    await expectFocus(page, t.kind);
    await d.getByLabel(t.kind).selectOption('MEDICARE_PART_D');
    const extraHelp = d.getByRole('group', { name: t.extraHelp });
    await press(page, 'Tab');
    expect(await extraHelp.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await press(page, 'Tab');
    await expectFocus(page, t.outOfPocket);
    await press(page, 'Tab');
    await expectFocus(page, t.add);

    // Extra Help is left as it was: unanswered, with no message, and it holds nothing.
    expect(await d.getByText(RAW_ZOD).count()).toBe(0);
    expect(await extraHelp.getByRole('radio', { checked: true }).count()).toBe(0);
    expect(await groupMessage(extraHelp)).toBeNull();
    const create = d.getByRole('button', { name: t.create });
    expect(await create.isEnabled()).toBe(true);
    await screenshot(page, `signup-extra-help-passed-over-${lang}`, { fullPage: false });
    await expectAccessible(page, `signup insurance, Extra Help passed over by Tab (${lang})`);

    if (lang === 'en') {
      // On by Tab (Previous) to Create Account: the plan is saved with Extra Help unanswered.
      await press(page, 'Tab');
      await press(page, 'Tab');
      await expectFocus(page, t.create);
      await press(page);
      await toast(page, 'Account Created Successfully').waitFor();
      await page.waitForURL('**/dashboard');
      const token = await page.evaluate(() => localStorage.getItem('authToken'));
      const { insurances } = (await apiClient(ctx.stack.apiUrl).get('/insurance', token!)).body.data;
      expect(insurances).toMatchObject([
        { provider: 'Aetna', drugCoverage: 'MEDICARE_PART_D', extraHelp: null, outOfPocketCentsThisYear: null },
      ]);
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
