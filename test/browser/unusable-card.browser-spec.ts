import type { ApplicationView } from '@rxbridge/contracts';
import { COPAY_CARD_CATALOGUE } from '@rxbridge/domain';
import { eventually } from '../support/wait';
import { newPage, screenshot, useStackAndBrowser } from './support/browser';
import { expectAccessible } from './support/a11y';
import { applicationPanel, logInThroughUi } from './support/navigator';
import { createNavigator, createPatient, phoneDashboardIn, waitForApplications } from './support/patient';

// docs/product.md §15, §17 in Chromium: a copay card the patient can no longer use (they answered Medicare Part D,
// its verdict NOT_ELIGIBLE) is not asked for on the dashboard, nor are the documents it lacks: in place of "What we
// still need from you" the patient reads that their navigator looks for another route, as the emails say.
const ctx = useStackAndBrowser();
const card = COPAY_CARD_CATALOGUE.find((c) => c.medications.some((m) => m.brand === 'Ozempic'))!;

const TEXTS = {
  en: {
    application: 'Ozempic application',
    details: 'View details',
    title: `${card.name} cannot be used now`,
    body: 'Nothing is sent to it, so nothing is asked of you for it: the reason is under Program and eligibility below. You can still upload documents here; your care navigator will tell you which ones the next option needs.',
    next: 'Your care navigator is looking for another way to help with your medication and will tell you what is needed.',
    needed: 'What we still need from you',
    enroll: `Enroll in ${card.name}`,
  },
  es: {
    application: 'Solicitud de Ozempic',
    details: 'Ver los detalles',
    title: `${card.name} no se puede usar por ahora`,
    body: 'No se le envía nada, así que no le pedimos nada para esta opción: el motivo está en Programa y elegibilidad, más abajo. Puede seguir subiendo documentos aquí; su navegador(a) de atención le dirá cuáles necesita la próxima opción.',
    next: 'Su navegador(a) de atención busca otra manera de ayudarle con su medicamento y le dirá lo que hace falta.',
    needed: 'Lo que todavía necesitamos de usted',
    enroll: `Inscríbase en ${card.name}`,
  },
};

test('a copay card the patient answered Medicare for: no enrollment nor upload asked, another route looked for', async () => {
  const { stack, browser } = ctx;
  const patient = await createPatient(stack, {
    tier: 'DIY_INSTRUCTIONS',
    prescriptions: [{ medication: 'Ozempic', dosage: '0.5 mg', frequency: 'Weekly' }],
    insurances: [{ provider: 'Aetna', drugCoverage: 'EMPLOYER' }],
  });
  const api = patient.api;
  expect(
    (await api.put('/users/eligibility', { householdSize: 1, annualIncomeCents: 2_000_000 }, patient.token)).status,
  ).toBe(200);
  const [application] = await waitForApplications(patient, 1);
  const navigator = await createNavigator(stack);
  expect(
    (await api.put(`/admin/applications/${application.id}/program`, { programId: card.id }, navigator.token)).status,
  ).toBe(200);
  await navigator.move(application.id, 'AWAITING_DOCUMENTS');
  const [plan] = (await api.get<{ insurances: { id: string }[] }>('/insurance', patient.token)).body.data.insurances;
  expect((await api.put(`/insurance/${plan.id}`, { drugCoverage: 'MEDICARE_PART_D' }, patient.token)).status).toBe(200);
  const refused = await eventually(async () => {
    const [a] = (await api.get<{ applications: ApplicationView[] }>('/applications', patient.token)).body.data
      .applications;
    return a.eligibility?.verdict === 'NOT_ELIGIBLE' ? a : undefined;
  }, 'the card not eligible');
  expect(refused.missingDocuments.length).toBeGreaterThan(0);

  const pages = [];
  for (const language of ['en', 'es'] as const) {
    const t = TEXTS[language];
    const phone = await phoneDashboardIn(stack, browser, patient, language);
    pages.push(phone);
    const p = phone.page;
    // The card: no count of missing documents, but why nothing is asked, and what comes next.
    const summary = p.locator(`[aria-label="${t.application}"]`);
    await summary.getByText(t.title, { exact: true }).waitFor();
    await summary.getByText(t.next, { exact: true }).waitFor();
    expect(await summary.getByText(/still missing|Todavía falta/).count()).toBe(0);

    await summary.getByRole('button', { name: t.details }).click();
    const dialog = p.getByRole('dialog', { name: t.application });
    const waiting = dialog.getByRole('region', { name: t.title });
    await waiting.getByText(t.body).waitFor();
    expect(await dialog.getByRole('region', { name: t.needed }).count()).toBe(0);
    expect(await dialog.getByText(t.enroll).count()).toBe(0);
    await waiting.scrollIntoViewIfNeeded();
    await screenshot(p, `unusable-card-patient-${language}`, { fullPage: false });
    await expectAccessible(p, `an application on a card the patient cannot use (${language})`);
  }

  // The navigator's panel: nothing goes to the card, nothing is asked of the patient; another program is set.
  const desk = await newPage(browser, 'desktop', stack.baseUrl);
  pages.push(desk);
  await logInThroughUi(desk.page, 'desktop', navigator.email);
  await desk.page.getByRole('heading', { name: 'Work queue' }).waitFor();
  await desk.page.goto(`/navigator/patients/${patient.id}#application-${application.id}`);
  const panel = applicationPanel(desk.page, 'Ozempic');
  const line = panel.getByText(`${card.name} cannot be used for this patient now`, { exact: false });
  await line.waitFor();
  expect(await panel.getByText(/^No packet goes to a copay card/).count()).toBe(0);
  await line.scrollIntoViewIfNeeded();
  await screenshot(desk.page, 'unusable-card-navigator', { fullPage: false });

  expect(pages.flatMap((x) => x.pageErrors)).toEqual([]);
  for (const x of pages) await x.context.close();
}, 180_000);
