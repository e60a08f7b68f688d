import type { Page } from 'playwright-core';
import { eventually } from '../support/wait';
import { expectAccessible } from './support/a11y';
import { newPage, screenshot, toast, useStackAndBrowser } from './support/browser';
import { expectNoOverflow } from './support/layout';
import { createNavigator, createPatient, openDashboard, waitForApplications, type Patient } from './support/patient';

// The patient's dashboard in Spanish (issue 31; docs/product.md, Languages): every card, dialog and toast, the
// live state label, and nothing wider than a 375 px phone.
const ctx = useStackAndBrowser();

const welcome = (p: Patient) => `¡Le damos la bienvenida de nuevo, ${p.firstName}!`;

/** A Spanish-speaking patient on a device that chose Spanish too (the language switch remembers it the same way). */
async function openInSpanish(page: Page, p: Patient) {
  await page.addInitScript(() => localStorage.setItem('rxb-language', 'es'));
  await openDashboard(page, p, '/dashboard', welcome(p));
}

const spanishPatient = () =>
  createPatient(ctx.stack, {
    tier: 'DIY_INSTRUCTIONS',
    // A signed-in patient's app speaks the profile's language (docs/product.md §7.6).
    preferredLanguage: 'es',
    doctors: [{ firstName: 'Ana', lastName: 'Reyes', specialty: 'Cardiology', doctorAddress: '1 Main St' }],
    prescriptions: [{ medication: 'Eliquis', dosage: '5 mg', frequency: 'Twice daily' }],
    insurances: [{ provider: 'Aetna' }],
  });

/**
 * English texts, none of which may stay on a Spanish screen: the dashboard's own and an application's next
 * step (said from the records catalogue by state). Eligibility reasons come in the request's language from
 * the API and are not checked here.
 */
const ENGLISH = [
  'Welcome back',
  'Insurance Info',
  'Doctors Info',
  'Manage ',
  'Your applications',
  'View details',
  'Edit Eligibility',
  'Update Documents',
  'Need Help?',
  'Contact Support',
  'Next step',
  'Program and eligibility',
  'Failed to load',
  'Add Doctor',
  'Add Prescription',
  'Add Insurance',
  'Search documents',
  'Start Subscription',
  'Cost estimate',
  'Payment History',
  'Likely eligible',
  'Needs review',
  'Intake',
  'Awaiting',
  'Save changes',
  'Save Changes',
  'Send Message',
  'Awaiting a reply',
  'No insurance',
  'still missing',
  'We are reviewing',
  'Please upload',
  'prescription',
  'No fees',
];

async function expectNoEnglish(text: string, screen: string) {
  const found = ENGLISH.filter((english) => text.includes(english));
  expect({ screen, found }).toEqual({ screen, found: [] });
}

/** The dashboard's cards and the dialog each one opens, in Spanish. */
const CARD_DIALOGS = [
  { button: 'Administrar el seguro', dialog: 'Información del seguro médico', ready: 'Agregado el' },
  { button: 'Administrar los médicos', dialog: 'Médicos', ready: 'Eliminar el médico' },
  { button: 'Administrar las recetas', dialog: 'Recetas', ready: 'Ver la solicitud' },
  { button: 'Editar la elegibilidad', dialog: 'Elegibilidad', ready: 'Guardar los cambios' },
  { button: 'Actualizar los documentos', dialog: 'Sus documentos', ready: 'Todavía no ha subido ningún documento.' },
  { button: 'Comunicarse con soporte', dialog: 'Comunicarse con soporte', ready: 'Enviar mensaje' },
];

test('in Spanish: every card, dialog and tab, a new prescription with its toast, and a navigator’s move live', async () => {
  const patient = await spanishPatient();
  const [application] = await waitForApplications(patient, 1);
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openInSpanish(page, patient);
  const main = page.locator('main');

  for (const title of ['Perfil', 'Seguro médico', 'Médicos', 'Recetas', 'Elegibilidad', '¿Necesita ayuda?']) {
    await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
  }
  await page.getByRole('heading', { name: 'Sus solicitudes' }).waitFor();
  await main.getByText('Dr. Ana Reyes · Cardiología').waitFor();
  await main.getByText('Aetna · Seguro médico comercial').waitFor();
  await page.getByRole('button', { name: 'Solicitud de Eliquis: Inicio. Ver los detalles' }).waitFor();
  await main.getByText('Estamos revisando sus datos para encontrar el programa de asistencia adecuado').waitFor();
  expect(await main.innerText()).toMatch(/Correo electrónico verificado\s*No/);
  await expectNoEnglish(await main.innerText(), 'dashboard');
  await expectAccessible(page, 'dashboard (es)');
  await screenshot(page, 'dashboard-es');

  for (const { button, dialog, ready } of CARD_DIALOGS) {
    await main.getByRole('button', { name: button, exact: true }).click();
    const d = page.getByRole('dialog', { name: dialog });
    await d.getByText(ready).first().waitFor();
    await expectNoEnglish(await d.innerText(), dialog);
    await expectAccessible(page, `${dialog} (es)`);
    await page.keyboard.press('Escape');
    await d.waitFor({ state: 'hidden' });
  }

  // A message to support: the toast, the list and the receipt in Spanish.
  await main.getByRole('button', { name: 'Comunicarse con soporte', exact: true }).click();
  const support = page.getByRole('dialog', { name: 'Comunicarse con soporte' });
  await support.getByLabel('Asunto').fill('Mi solicitud');
  await support.getByLabel('Mensaje', { exact: true }).fill('¿Cuándo envían mi solicitud?');
  await support.getByRole('button', { name: 'Enviar mensaje' }).click();
  await toast(page, 'Mensaje enviado').waitFor();
  await support.getByRole('region', { name: 'Sus mensajes recientes' }).getByText('Esperando respuesta').waitFor();
  await expectNoEnglish(await support.innerText(), 'support, sent');
  await screenshot(page, 'support-dialog-es', { fullPage: false });
  await page.keyboard.press('Escape');
  await support.waitFor({ state: 'hidden' });

  // Billing, both tabs.
  await page.getByRole('banner').getByRole('button', { name: 'Facturación' }).click();
  const billing = page.getByRole('dialog', { name: 'Suscripción y facturación' });
  // The DIY plan's subscription is active from signup, at no charge.
  await billing.getByRole('heading', { name: 'DIY Toolkit' }).waitFor();
  await billing.getByText('ACTIVA', { exact: true }).waitFor();
  await billing.getByRole('heading', { name: 'Costo estimado' }).waitFor();
  await billing.getByText('Para 1 receta', { exact: true }).waitFor();
  // The price's breakdown, which the API words in the page's language.
  await billing.getByText('DIY Toolkit para 1 receta: gratis').first().waitFor();
  await billing.getByText('El DIY Toolkit es gratis para todas las recetas').waitFor();
  await expectNoEnglish(await billing.innerText(), 'billing, subscription');
  await expectAccessible(page, 'billing, subscription (es)');
  await billing.getByRole('tab', { name: 'Historial de pagos' }).click();
  await billing.getByText('Todavía no hay pagos').waitFor();
  await expectAccessible(page, 'billing, payment history (es)');
  await page.keyboard.press('Escape');
  await billing.waitFor({ state: 'hidden' });

  // The application, opened from its badge.
  await page.getByRole('button', { name: /^Solicitud de Eliquis: / }).click();
  const app = page.getByRole('dialog', { name: 'Solicitud de Eliquis' });
  await app.getByText('Programa y elegibilidad').waitFor();
  await app.getByRole('heading', { name: 'Historial' }).waitFor();
  // Each checklist item by its kind's Spanish name, not the program's English wording (docs/product.md §20).
  await app.getByText('Comprobante de ingresos', { exact: true }).waitFor();
  expect(await app.innerText()).not.toContain('proof of income');
  // The system's notes on its timeline too.
  await app.getByText('Se abrió la solicitud de Eliquis.').waitFor();
  await expectAccessible(page, 'application (es)');
  // Signing: the English texts that are signed, each with its Spanish courtesy translation.
  await app.getByRole('button', { name: 'Firmar', exact: true }).click();
  const sign = page.getByRole('dialog', { name: 'Firme su solicitud de Eliquis' });
  await sign.getByText(/^Certifico que la información de esta solicitud/).waitFor();
  await sign.getByLabel('Nombre completo').waitFor();
  await expectAccessible(page, 'signing (es)');
  await page.keyboard.press('Escape');
  await sign.waitFor({ state: 'hidden' });
  await page.keyboard.press('Escape');
  await app.waitFor({ state: 'hidden' });

  // A new prescription: its Spanish toast, then the subscription it changes (docs/product.md).
  await main.getByRole('button', { name: 'Administrar las recetas', exact: true }).click();
  const rx = page.getByRole('dialog', { name: 'Recetas' });
  await rx.getByRole('button', { name: 'Agregar una receta' }).click();
  const row = rx.getByRole('form', { name: 'Receta nueva 2' });
  await row.getByLabel('Medicamento').fill('Jardiance');
  await row.getByLabel('Dosis').fill('10 mg');
  await row.getByLabel('Frecuencia').selectOption({ label: 'Una vez al día' });
  await row.getByRole('button', { name: 'Guardar la receta' }).click();
  await toast(page, 'Receta agregada').waitFor();
  await page
    .getByRole('dialog', { name: 'Suscripción y facturación' })
    .getByText('Para 2 recetas', { exact: true })
    .waitFor();
  await page.keyboard.press('Escape');

  // A navigator moves the application: the badge and the toast say the new state in Spanish, live.
  const nav = await createNavigator(ctx.stack);
  await nav.move(application!.id, 'AWAITING_DOCUMENTS');
  await page.getByRole('button', { name: 'Solicitud de Eliquis: Esperando documentos. Ver los detalles' }).waitFor();
  await toast(page, 'Eliquis: Esperando documentos').waitFor();
  await toast(page, 'Suba los documentos que faltan').waitFor();
  await main.getByText('Suba los documentos que faltan para que podamos completar su solicitud.').waitFor();
  await screenshot(page, 'dashboard-es-live');

  // The top bar's language control: the dashboard switches in place, and the profile keeps the choice.
  await page.getByRole('banner').getByRole('button', { name: 'English', exact: true }).click();
  await page.getByText(`Welcome back, ${patient.firstName}!`).waitFor();
  await main.getByText('Please upload the documents still missing').waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  await page.getByRole('banner').getByRole('button', { name: 'Español', exact: true }).waitFor();
  // What the API worded in Spanish and the page had read is read again in English: the price's breakdown.
  await page.getByRole('banner').getByRole('button', { name: 'Billing', exact: true }).click();
  const billingInEnglish = page.getByRole('dialog', { name: 'Subscription and billing' });
  await billingInEnglish.getByText('DIY Toolkit for 2 prescriptions: free').first().waitFor();
  await billingInEnglish.getByText('The DIY Toolkit is free for every prescription').waitFor();
  await page.keyboard.press('Escape');
  await eventually(
    async () => (await patient.api.get('/users/profile', patient.token)).body.data.user.preferredLanguage === 'en',
    'the profile to keep English',
  );
  expect(pageErrors).toEqual([]);
  await context.close();
}, 180_000);

test("a Spanish profile on an English device: the first screen's answers from the API are Spanish too", async () => {
  const patient = await spanishPatient();
  await waitForApplications(patient, 1);
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  // No choice stored on the device: the app starts in English and follows the profile once it is read,
  // while the first screen's reads have already gone out in English beside that check.
  await openDashboard(page, patient, '/dashboard', welcome(patient));
  // Read as the applications first show: the socket's first connection reads them again soon after,
  // which would hide answers shown in the wrong language for a moment.
  const applications = page.locator('section[aria-labelledby="applications-title"]');
  await applications.waitFor();
  const shown = await applications.innerText();
  expect(shown).toContain(
    'Agregue el número de personas en su hogar y sus ingresos anuales para ver si probablemente califica.',
  );
  expect(shown).not.toContain('Add your household size and yearly income');
  expect(pageErrors).toEqual([]);
  await context.close();
});

test('in Spanish at 375 px: the dashboard and each dialog fit the phone', async () => {
  const patient = await spanishPatient();
  await waitForApplications(patient, 1);
  const { page, context } = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
  await page.setViewportSize({ width: 375, height: 812 });
  await openInSpanish(page, patient);
  const main = page.locator('main');
  await page.getByRole('button', { name: /^Solicitud de Eliquis: / }).waitFor();
  await expectNoOverflow(page, 'dashboard');

  for (const { button, dialog, ready } of CARD_DIALOGS) {
    await main.getByRole('button', { name: button, exact: true }).click();
    const d = page.getByRole('dialog', { name: dialog });
    await d.getByText(ready).first().waitFor();
    await expectNoOverflow(page, dialog);
    await page.keyboard.press('Escape');
    await d.waitFor({ state: 'hidden' });
  }
  await page.getByRole('button', { name: /^Solicitud de Eliquis: / }).click();
  const app = page.getByRole('dialog', { name: 'Solicitud de Eliquis' });
  await app.getByText('Programa y elegibilidad').waitFor();
  await expectNoOverflow(page, 'application');
  await page.keyboard.press('Escape');
  await app.waitFor({ state: 'hidden' });

  // Billing through the side menu, as a phone reaches it.
  await page
    .getByRole('button', { name: /menú|menu/i })
    .first()
    .click();
  await page.getByRole('navigation', { name: 'Cuenta' }).getByRole('button', { name: 'Facturación' }).click();
  await page
    .getByRole('dialog', { name: 'Suscripción y facturación' })
    .getByText('Para 1 receta', { exact: true })
    .waitFor();
  await expectNoOverflow(page, 'billing');
  await screenshot(page, 'dashboard-es-phone-billing', { fullPage: false });
  await context.close();
}, 180_000);

test('in Spanish: the provider “Other” is “Otro” in the list, its toast and row, on the Insurance card and in the prompt, and stays Other', async () => {
  const patient = await spanishPatient();
  await waitForApplications(patient, 1);
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openInSpanish(page, patient);
  const main = page.locator('main');

  // "Other" is a category, not a carrier's name: the list says it in Spanish, and the value sent stays Other.
  await main.getByRole('button', { name: 'Administrar el seguro', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Información del seguro médico' });
  const provider = dialog.getByLabel('Compañía de seguro médico');
  await provider.waitFor();
  const options = await provider.locator('option').allInnerTexts();
  expect(options).toContain('Otro');
  expect(options).not.toContain('Other');
  // Carriers' names stay as written.
  expect(options).toContain('Blue Cross Blue Shield');
  await provider.selectOption({ label: 'Otro' });
  expect(await provider.inputValue()).toBe('Other');
  await dialog.getByRole('button', { name: 'Agregar el seguro médico' }).click();
  // The toast, the plan's row and its buttons' names say it in Spanish too.
  expect(await toast(page, 'Seguro médico agregado').innerText()).toMatch(/\bOtro\b/);
  const plans = dialog.getByRole('list', { name: 'Sus planes de seguro médico' });
  await plans.getByText('Otro', { exact: true }).waitFor();
  await plans.getByRole('button', { name: 'Editar los datos del plan de Otro', exact: true }).waitFor();
  await plans.getByRole('button', { name: 'Eliminar Otro', exact: true }).waitFor();
  expect(await dialog.innerText()).not.toMatch(/\bOther\b/);
  expect(await page.locator('[data-sonner-toast]').allInnerTexts()).not.toContainEqual(
    expect.stringMatching(/\bOther\b/),
  );
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  const stored = await patient.api.get('/insurance', patient.token);
  expect(stored.body.data.insurances.map((i: { provider: string }) => i.provider)).toEqual(['Aetna', 'Other']);
  // The Insurance card and the prompt for the newest plan say it in Spanish too.
  await main.getByText('Otro · Otro', { exact: true }).waitFor();
  await page.getByRole('heading', { name: 'Díganos qué tipo de plan es su seguro médico de Otro' }).waitFor();
  expect(await main.innerText()).not.toMatch(/\bOther\b/);
  await expectAccessible(page, 'dashboard with a provider Other (es)');
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);

test('in Spanish: the toasts’ region and each toast’s close button are named in Spanish', async () => {
  const patient = await spanishPatient();
  await waitForApplications(patient, 1);
  const { page, context, pageErrors } = await newPage(ctx.browser, 'desktop', ctx.stack.baseUrl);
  await openInSpanish(page, patient);
  await page.locator('main').getByRole('button', { name: 'Administrar el seguro', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Información del seguro médico' });
  await dialog.getByLabel('Compañía de seguro médico').selectOption({ label: 'Cigna' });
  await dialog.getByRole('button', { name: 'Agregar el seguro médico' }).click();
  const added = toast(page, 'Seguro médico agregado');
  await added.waitFor();
  // Sonner names its region "<label> <hotkey>" (alt+T).
  await page.getByRole('region', { name: /^Notificaciones / }).waitFor({ state: 'attached' });
  expect(await page.locator('section[aria-label*="Notifications"]').count()).toBe(0);
  await added.getByRole('button', { name: 'Cerrar la notificación', exact: true }).waitFor({ state: 'attached' });
  await expectAccessible(page, 'a toast over the Insurance dialog (es)');
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);

/**
 * The top bar's visible controls (logo, language, menu) side by side within `width`, none over another. Not
 * expectNoOverflow: a phone's browser zooms out to what is wider than the screen, and the bar is as wide as
 * the screen, so what lies past the bar's right edge is clipped, not scrolled to.
 */
async function expectBarFits(page: Page, width: number) {
  const boxes = await page.getByRole('banner').evaluate((bar) =>
    [...bar.querySelectorAll<HTMLElement>('a, button')]
      // What shows in the bar's row (the skip link is a pixel until focused).
      .filter(
        (el) => el.checkVisibility() && el.getBoundingClientRect().width > 1 && el.getBoundingClientRect().top < 64,
      )
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(), left: r.left, right: r.right };
      })
      .sort((a, b) => a.left - b.left),
  );
  expect(boxes.map((b) => b.name)).toHaveLength(3);
  for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.left).toBeGreaterThanOrEqual(boxes[i - 1]!.right);
  expect(boxes.at(-1)!.right).toBeLessThanOrEqual(width);
}

test('on a phone: the language control sits in the top bar beside the menu button, and the keyboard switches to Español', async () => {
  const patient = await createPatient(ctx.stack, { tier: 'DIY_INSTRUCTIONS', insurances: [{ provider: 'Aetna' }] });
  const { page, context, pageErrors } = await newPage(ctx.browser, 'phone', ctx.stack.baseUrl);
  await page.setViewportSize({ width: 375, height: 812 });
  await openDashboard(page, patient);
  const bar = page.getByRole('banner');
  const spanish = bar.getByRole('button', { name: 'Español', exact: true });
  await spanish.waitFor();
  expect(await spanish.isVisible()).toBe(true);
  await expectNoOverflow(page, 'dashboard (en, 375 px)');
  await expectAccessible(page, 'dashboard at 375 px (en)');
  await expectBarFits(page, 375);
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await spanish.isVisible()).toBe(true);
  await expectBarFits(page, 320);
  await screenshot(page, 'dashboard-top-bar-320', { fullPage: false });
  await page.setViewportSize({ width: 375, height: 812 });

  // By keyboard from the top of the page: the skip link, the logo, then the language control.
  await page.locator('body').focus();
  let reached = false;
  for (let i = 0; i < 6 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await spanish.evaluate((el) => el === document.activeElement);
  }
  expect(reached).toBe(true);
  // A focus the eye can see: the focus ring is drawn.
  expect(
    await spanish.evaluate((el) => {
      const style = getComputedStyle(el);
      return el.matches(':focus-visible') && (style.outlineStyle !== 'none' || style.boxShadow !== 'none');
    }),
  ).toBe(true);
  await screenshot(page, 'dashboard-language-focus-375', { fullPage: false });
  await page.keyboard.press('Enter');
  await page.getByText(`¡Le damos la bienvenida de nuevo, ${patient.firstName}!`).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  const english = bar.getByRole('button', { name: 'English', exact: true });
  await english.waitFor();
  // The focus stays on the control, which now offers English.
  expect(await english.evaluate((el) => el === document.activeElement)).toBe(true);
  await expectNoOverflow(page, 'dashboard (es, 375 px)');
  await expectAccessible(page, 'dashboard at 375 px (es)');
  await screenshot(page, 'dashboard-es-top-bar-375', { fullPage: false });
  await eventually(
    async () => (await patient.api.get('/users/profile', patient.token)).body.data.user.preferredLanguage === 'es',
    'the profile to keep Spanish',
  );

  await expectBarFits(page, 375);
  // At 320 px the bar still holds the logo, the control and the menu button side by side.
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await english.isVisible()).toBe(true);
  await expectBarFits(page, 320);
  // Nothing wider than the screen either: the unverified email's "Volver a enviar el correo de verificación" wraps.
  const resend = page.getByRole('button', { name: 'Volver a enviar el correo de verificación' });
  const { x, width } = (await resend.boundingBox())!;
  expect(x + width).toBeLessThanOrEqual(320);
  // Wrapped, it reads as a sentence does: from the start of the line, not centred.
  expect(await resend.evaluate((el) => getComputedStyle(el).textAlign)).toBe('left');
  await expectNoOverflow(page, 'dashboard (es, 320 px)');
  await screenshot(page, 'dashboard-es-top-bar-320', { fullPage: false });
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);
