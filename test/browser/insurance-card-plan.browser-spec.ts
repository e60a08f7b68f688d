import type { Page } from 'playwright-core';
import { FILES } from '../support/sample-files';
import { attachUpload } from '../applications/helpers';
import { expectAccessible } from './support/a11y';
import { newPage, screenshot, useStackAndBrowser } from './support/browser';
import { expectNoOverflow } from './support/layout';
import { createNavigator, createPatient, openDashboard, waitForApplications } from './support/patient';

// The insurance card follows the patient's plan (docs/product.md §5, §6.3): a card received before the plan changed
// is asked for again, the dialog saying why beside the item and on the timeline, in the patient's language.
const ctx = useStackAndBrowser();

const TEXTS = {
  en: {
    welcome: (name: string) => `Welcome back, ${name}!`,
    dialog: 'Examplinib application',
    details: 'View details',
    card: 'Insurance card (front and back)',
    received: /^Received /,
    missing: 'Missing',
    note: "Asked again: the patient's insurance plan changed after this card was received.",
    timeline: "Asked again, as the patient's insurance plan changed: Insurance card (front and back).",
  },
  es: {
    welcome: (name: string) => `¡Le damos la bienvenida de nuevo, ${name}!`,
    dialog: 'Solicitud de Examplinib',
    details: 'Ver los detalles',
    card: 'Tarjeta del seguro médico (por ambos lados)',
    received: /^Recibido el /,
    missing: 'Falta',
    note: 'Se le pide de nuevo: su plan de seguro médico cambió después de recibir esta tarjeta.',
    timeline:
      'Se le pide de nuevo, porque cambió su plan de seguro médico: Tarjeta del seguro médico (por ambos lados).',
  },
} as const;

/** The card's item of the open application dialog: its label, its status and its note. */
const cardItem = (page: Page, language: keyof typeof TEXTS) =>
  page
    .getByRole('dialog', { name: TEXTS[language].dialog })
    .getByRole('listitem')
    .filter({ hasText: TEXTS[language].card })
    .first();

describe.each(['en', 'es'] as const)('the card of the plan before (%s)', (language) => {
  test('the patient changes plans after the card was received: the open dialog asks for the new one', async () => {
    const t = TEXTS[language];
    const patient = await createPatient(ctx.stack, {
      tier: 'DIY_INSTRUCTIONS',
      preferredLanguage: language,
      prescriptions: [{ medication: 'Examplinib', dosage: '5 mg', frequency: 'Twice daily' }],
      insurances: [{ provider: 'Humana', drugCoverage: 'MEDICARE_PART_D' }],
    });
    const [app] = await waitForApplications(patient, 1);
    // The navigator took the case on: its documents are asked of the patient.
    await (await createNavigator(ctx.stack)).moveTo(app.id, 'AWAITING_DOCUMENTS');
    await attachUpload(ctx.stack, patient.token, app.id, 'INSURANCE_CARD', { bytes: FILES.png, type: 'image/png' });

    const { page, context, pageErrors } = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
    if (language === 'es') await page.addInitScript(() => localStorage.setItem('rxb-language', 'es'));
    await openDashboard(page, patient, '/dashboard', t.welcome(patient.firstName));
    await page.locator(`[aria-label="${t.dialog}"]`).getByRole('button', { name: t.details }).click();
    const item = cardItem(page, language);
    await item.getByText(t.received).waitFor();

    // Open enrollment: the patient's plan is now another carrier's (their other tab, say); the dialog follows live.
    const [plan] = (await patient.api.get('/insurance', patient.token)).body.data.insurances as { id: string }[];
    const change = { provider: 'Aetna', drugCoverage: 'MEDICARE_ADVANTAGE_WITH_DRUGS' };
    expect((await patient.api.put(`/insurance/${plan.id}`, change, patient.token)).status).toBe(200);
    await item.getByText(t.note).waitFor();
    await item.getByText(t.missing, { exact: true }).waitFor();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await dialog.getByText(t.timeline).waitFor();
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, `card-of-plan-before-${language}`, { fullPage: false });
    await expectNoOverflow(page, `the card asked again (${language})`);
    await expectAccessible(page, `the card asked again (${language})`);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
