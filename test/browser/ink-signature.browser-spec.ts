import { MISSING_ITEMS } from '@rxbridge/domain';
import { apiClient } from '../support/http';
import { newNavigator } from '../applications/helpers';
import { FAX_PROGRAM as PROGRAM, readyAwaitingPrescriber } from '../applications/signing-helpers';
import { newPage, screenshot, useStackAndBrowser } from './support/browser';
import { expectAccessible } from './support/a11y';
import { applicationPanel, logInThroughUi } from './support/navigator';
import { phoneDashboardIn } from './support/patient';

// docs/product.md §17 in Chromium: a program whose form needs the patient's original signature. The program the
// sending specs fax to is given that rule for this file (no catalogue program states it yet); the API runs in this
// process and reads the same entry.
const ctx = useStackAndBrowser();
const MEDICATION = PROGRAM.medications[0].brand;
const FAX = PROGRAM.application.submitTo.fax!;
const requirements = PROGRAM.application as { eSignatureAccepted: boolean | null };
const recorded = requirements.eSignatureAccepted;
afterAll(() => {
  requirements.eSignatureAccepted = recorded;
});

test('the console says the packet goes signed in ink, by mail; the patient reads what is expected of them', async () => {
  requirements.eSignatureAccepted = false;
  const { stack, browser } = ctx;
  const api = apiClient(stack.apiUrl);
  const navigator = await newNavigator(stack, api);
  const { patient } = await readyAwaitingPrescriber(stack, api, navigator.token, PROGRAM);

  // The navigator's Still missing names it, with what to do instead, and Send stays disabled.
  const desk = await newPage(browser, 'desktop', stack.baseUrl);
  await logInThroughUi(desk.page, 'desktop', navigator.email);
  await desk.page.waitForURL('**/navigator');
  await desk.page.goto(`/navigator/patients/${patient.id}`);
  const panel = applicationPanel(desk.page, MEDICATION);
  await panel.getByText('Still missing:').waitFor();
  await panel.getByText(MISSING_ITEMS.inkSignature(PROGRAM.application.submitTo.mail!)).waitFor();
  expect(await panel.getByRole('button', { name: `Send to program by fax (${FAX})` }).isDisabled()).toBe(true);
  expect(await panel.getByRole('button', { name: 'Record portal submission' }).isDisabled()).toBe(true);
  await panel.getByText('Still missing:').scrollIntoViewIfNeeded();
  await screenshot(desk.page, 'navigator-send-ink-signature', { fullPage: false });
  await expectAccessible(desk.page, 'the panel of a program that needs a signature in ink');

  // The patient, on a phone, in English then in Spanish: their navigator sends the printed form to sign in ink.
  const texts = {
    en: `${PROGRAM.name} needs your own signature, in ink, on its paper form: it does not accept an electronic one. Your care navigator will send you the printed form to sign and send back.`,
    es: `${PROGRAM.name} necesita su propia firma, con tinta, en su formulario en papel: no acepta una firma electrónica. Su navegador(a) de atención le enviará el formulario impreso para que lo firme y lo devuelva.`,
  };
  const pages = [desk];
  for (const language of ['en', 'es'] as const) {
    const me = { ...patient, api, baseUrl: stack.baseUrl, checkoutUrl: null };
    const phone = await phoneDashboardIn(stack, browser, me, language);
    pages.push(phone);
    const p = phone.page;
    const card = language === 'en' ? `${MEDICATION} application` : `Solicitud de ${MEDICATION}`;
    const details = language === 'en' ? 'View details' : 'Ver los detalles';
    await p.locator(`[aria-label="${card}"]`).getByRole('button', { name: details }).click();
    const line = p.getByRole('dialog').getByText(texts[language]);
    await line.waitFor();
    await line.scrollIntoViewIfNeeded();
    await screenshot(p, `patient-ink-signature-${language}`, { fullPage: false });
    await expectAccessible(p, `the application asking for a signature in ink (${language})`);
  }
  expect(pages.flatMap((t) => t.pageErrors)).toEqual([]);
  for (const t of pages) await t.context.close();
}, 180_000);
