// The signup wizard's prescriptions step (docs/product.md §7.1): a prescription the signup's own rules refuse (a
// medication over 200 characters, a dosage over 100) is never added, by Add Prescription or by Next; each field says
// why in the patient's language, the focus goes to the first of them, and once put right it is added and signed up.
import type { Locator, Page } from 'playwright-core';
import { apiClient } from '../support/http';
import { expectAccessible } from './support/a11y';
import { newPage, toast, uniqueEmail, useStackAndBrowser } from './support/browser';
import { expectNoOverflow } from './support/layout';
import { messageOf, openAndFillAccount, speakSpanish } from './support/signup';

const ctx = useStackAndBrowser();

type Lang = 'en' | 'es';
const TEXT = {
  en: {
    next: 'Next',
    create: 'Create Account',
    step6: 'Step 6 of 7: Prescriptions',
    step7: 'Step 7 of 7: Insurance',
    medication: 'Medication',
    dosage: 'Dosage',
    add: 'Add Prescription',
    added: 'Prescription Added',
    list: 'Prescriptions added',
    hasInsurance: 'Do you have health insurance?',
    no: 'No',
    medicationTooLong: 'Medication must be at most 200 characters',
    dosageTooLong: 'Dosage must be at most 100 characters',
  },
  es: {
    next: 'Continuar',
    create: 'Crear la cuenta',
    step6: 'Paso 6 de 7: Recetas',
    step7: 'Paso 7 de 7: Seguro médico',
    medication: 'Medicamento',
    dosage: 'Dosis',
    add: 'Agregar receta',
    added: 'Receta agregada',
    list: 'Recetas agregadas',
    hasInsurance: '¿Tiene seguro médico?',
    no: 'No',
    medicationTooLong: 'El medicamento debe tener como máximo 200 caracteres',
    dosageTooLong: 'La dosis debe tener como máximo 100 caracteres',
  },
} as const;

/** Over 100 characters: how a patient might write out when and how they take it. */
const LONG_DOSAGE = '5 mg twice a day with food; '.repeat(4).trim();

const hasFocus = (field: Locator) => field.evaluate((el) => el === document.activeElement);

/** From step 4 (the doctors): no doctor, the free plan; the wizard then shows step 6. */
async function toPrescriptionsStep(d: Locator, lang: Lang) {
  const t = TEXT[lang];
  await d.getByRole('button', { name: t.next }).click();
  await d.getByText('DIY Toolkit').click();
  await d.getByRole('button', { name: t.next }).click();
  await d.getByText(t.step6).waitFor();
}

const prescriptionsOf = async (page: Page) => {
  await page.waitForURL('**/dashboard');
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  return (await apiClient(ctx.stack.apiUrl).get('/prescriptions', token!)).body.data.prescriptions;
};

describe.each<Lang>(['en', 'es'])('a prescription too long for the signup (%s, phone)', (lang) => {
  test('is refused by Add and by Next with each field’s message, and signs up once put right', async () => {
    const { page, context, pageErrors } = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
    if (lang === 'es') {
      await speakSpanish(context);
      await page.setViewportSize({ width: 375, height: 812 });
    }
    const t = TEXT[lang];
    const d = await openAndFillAccount(page, lang, uniqueEmail(`rosa-${lang}`));
    await toPrescriptionsStep(d, lang);
    const medication = d.getByLabel(t.medication);
    const dosage = d.getByLabel(t.dosage);
    const list = d.getByRole('list', { name: t.list });

    // Add: the dosage says it is too long, in the patient's language, and takes the focus; nothing is added.
    await medication.fill('Eliquis');
    await dosage.fill(LONG_DOSAGE);
    await d.getByRole('button', { name: t.add }).click();
    expect(await messageOf(dosage)).toEqual({ invalid: 'true', text: t.dosageTooLong });
    expect(await hasFocus(dosage)).toBe(true);
    expect(await list.count()).toBe(0);
    await expectNoOverflow(page, `a prescription refused (${lang})`);
    await expectAccessible(page, `signup prescriptions, Add refused a dosage too long (${lang})`);

    // Next: refused the same way, the wizard stays on step 6; the medication too long is named first.
    await medication.fill('E'.repeat(201));
    await d.getByRole('button', { name: t.next }).click();
    expect(await messageOf(medication)).toEqual({ invalid: 'true', text: t.medicationTooLong });
    expect(await messageOf(dosage)).toEqual({ invalid: 'true', text: t.dosageTooLong });
    expect(await hasFocus(medication)).toBe(true);
    await d.getByText(t.step6).waitFor();
    expect(await list.count()).toBe(0);
    expect(await toast(page, t.added).count()).toBe(0);

    // Put right, Next adds it and goes on; the account is created with it.
    await medication.fill('Eliquis');
    await dosage.fill('5 mg');
    await d.getByRole('button', { name: t.next }).click();
    await d.getByText(t.step7).waitFor();
    await toast(page, t.added).waitFor();
    await d.getByRole('group', { name: t.hasInsurance }).getByText(t.no, { exact: true }).click();
    await d.getByRole('button', { name: t.create }).click();
    expect(await prescriptionsOf(page)).toMatchObject([{ medication: 'Eliquis', dosage: '5 mg' }]);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
