import { DataSource } from 'typeorm';
import type { ApplicationView } from '@rxbridge/contracts';
import { COPAY_CARD_CATALOGUE, patientAsks, patientWaits } from '@rxbridge/domain';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { waitForQueuesIdle } from '../support/idle';
import {
  approvedWithRenewal,
  askedTimerRan,
  eventually,
  move,
  newNavigator,
  newPatientWithApplications,
  withTimers,
  type Api,
} from './helpers';

// docs/product.md §15, §17, §18: a copay card the patient can no longer use (they answered Medicare Part D: its verdict
// NOT_ELIGIBLE) gets nothing from them: no enrollment, and no upload of the documents it still lacks, on the dashboard
// or by email; their navigator looks for another route. A "day" of the timer clock lasts 864 s here (5 minutes are
// 3 seconds); the 30-day reminder, days away, is promoted once the renewal is set up.
const DAY_MS = 864_000;
const REMINDER = {
  en: 'A reminder about your RxBridge enrollment',
  es: 'Un recordatorio sobre su inscripción en RxBridge',
};
const card = COPAY_CARD_CATALOGUE.find((c) => c.medications.some((m) => m.brand === 'Ozempic'))!;
const ANOTHER_ROUTE = {
  en: `${card.name} cannot be used for it now, so nothing is sent to it: your care navigator looks for another way to help with your medication and will tell you what is needed.`,
  es: `${card.name} no se puede usar para ella ahora, así que no se le envía nada: su navegador(a) de atención busca otra manera de ayudarle con su medicamento y le dirá lo que hace falta.`,
};
const UPLOAD = { en: '• Upload: ', es: '• Suba: ' };

let stack: TestStack;
let api: Api;
let nav: { token: string; id: string };

beforeAll(async () => {
  stack = await startStack({ env: { TIMER_DAY_MS: String(DAY_MS) } });
  api = apiClient(stack.apiUrl);
  nav = await newNavigator(stack, api);
});
afterAll(async () => {
  await stack?.close();
});

/** A verified employer-insured patient in `language` whose Ozempic application is set to the maker's copay card. */
async function cardPatient(language: 'en' | 'es') {
  const patient = await newPatientWithApplications(api, ['Ozempic'], {
    insurances: [{ provider: 'Aetna', drugCoverage: 'EMPLOYER' }],
    preferredLanguage: language,
  });
  await stack.api.get(DataSource).query(`UPDATE users SET email_verified_at = now() WHERE id = $1`, [patient.id]);
  // Household facts given: the card's verdict reads the coverage alone then.
  const facts = { householdSize: 1, annualIncomeCents: 2_000_000 };
  expect((await api.put('/users/eligibility', facts, patient.token)).status).toBe(200);
  const [app] = patient.applications;
  const set = await api.put(`/admin/applications/${app.id}/program`, { programId: card.id }, nav.token);
  expect(set.status).toBe(200);
  return { ...patient, app };
}

/** The patient answers Medicare Part D; resolves with `id`'s view once its card's verdict turned not eligible. */
async function answersMedicare(patient: { token: string }, id: string, language: 'en' | 'es') {
  const [plan] = (await api.get<{ insurances: { id: string }[] }>('/insurance', patient.token)).body.data.insurances;
  const edited = await api.put(`/insurance/${plan.id}`, { drugCoverage: 'MEDICARE_PART_D' }, patient.token);
  expect(edited.status).toBe(200);
  return eventually(async () => {
    const res = await api.get<{ applications: ApplicationView[] }>('/applications', patient.token, {
      'Accept-Language': language,
    });
    const view = res.body.data.applications.find((a) => a.id === id);
    return view?.eligibility?.verdict === 'NOT_ELIGIBLE' ? view : undefined;
  }, 'the card not eligible');
}

it.each(['en', 'es'] as const)(
  'the renewal reminder of a card the patient cannot use says another route is looked for, not to upload what it lacks (%s)',
  async (language) => {
    const patient = await cardPatient(language);
    const renewal = await approvedWithRenewal(api, nav.token, patient.token, patient.app.id);
    expect(renewal.program?.name).toBe(card.name);
    expect((await move(api, nav.token, renewal.id, 'AWAITING_DOCUMENTS')).status).toBe(200);
    const refused = await answersMedicare(patient, renewal.id, language);
    // Documents still missing on it, yet nothing is asked of the patient: nothing goes to the card.
    expect(refused.missingDocuments.length).toBeGreaterThan(0);
    expect(patientAsks(refused)).toBeNull();
    expect(patientWaits(refused)).toEqual({ kind: 'ANOTHER_ROUTE', program: card.name });

    // The reminder 30 days before the end, through the worker's own timer, brought forward.
    const endsOn = refused.renewsEnrollmentEndingOn!;
    await withTimers(stack, async (timers) => {
      await (await timers.getJob(`enrollment-reminder-${patient.app.id}-${endsOn}-30`))!.promote();
    });
    const mail = await stack.mail.waitFor(
      (m) => m.to.includes(patient.email) && m.subject === REMINDER[language],
      20_000,
    );
    expect(mail.text.replace(/\s+/g, ' ')).toContain(ANOTHER_ROUTE[language]);
    expect(mail.text).not.toContain(UPLOAD[language]);
  },
  120_000,
);

it('a document marked missing on a card the patient cannot use emails them nothing: nothing is asked for it', async () => {
  const patient = await cardPatient('en');
  const id = patient.app.id;
  expect((await move(api, nav.token, id, 'AWAITING_DOCUMENTS')).status).toBe(200);
  const refused = await answersMedicare(patient, id, 'en');
  const [item] = refused.missingDocuments;
  const since = new Date();
  const mark = (status: 'MISSING' | 'RECEIVED') =>
    api.post(`/admin/applications/${id}/documents/${item.kind}`, { status }, nav.token);
  expect((await mark('RECEIVED')).status).toBe(200);
  expect((await mark('MISSING')).status).toBe(200);
  await askedTimerRan(stack, id, since);
  await waitForQueuesIdle(stack);
  expect(
    stack.mail.messages().filter((m) => m.to.includes(patient.email) && m.text.includes('needs something')),
  ).toEqual([]);
}, 120_000);
