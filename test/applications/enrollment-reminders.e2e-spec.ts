import { DataSource } from 'typeorm';
import { addDays, longDay, toIsoDate } from '@rxbridge/domain';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { driveTo, move, newNavigator, newPatientWithApplications, type Api } from './helpers';

// docs/product.md §18: a reminder sent late (an approval back-dated, a worker that was down) says how many days are
// really left, counted from the day it goes, and where the renewal stands once its opening day has come, whichever
// of its two reminders it is. Its days are past: each timer fires at once.
let stack: TestStack;
let api: Api;
let nav: { token: string; id: string };

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  nav = await newNavigator(stack, api);
});
afterAll(() => stack?.close());

const SUBJECTS = {
  en: 'A reminder about your RxBridge enrollment',
  es: 'Un recordatorio sobre su inscripción en RxBridge',
};
const day = (offset: number) => toIsoDate(addDays(new Date(), offset));

/** A verified patient in `language` approved on an enrollment that started 300 days ago and ends in `daysLeft`. */
async function lateReminder(language: 'en' | 'es', daysLeft: number) {
  const patient = await newPatientWithApplications(api, ['Humira'], { preferredLanguage: language });
  await stack.api.get(DataSource).query(`UPDATE users SET email_verified_at = now() WHERE id = $1`, [patient.id]);
  const [app] = patient.applications;
  await driveTo(api, nav.token, app.id, 'SUBMITTED');
  const endsOn = day(daysLeft);
  const approved = await move(api, nav.token, app.id, 'APPROVED', {
    enrollmentStartsOn: day(-300),
    enrollmentEndsOn: endsOn,
  });
  expect(approved.status).toBe(200);
  const mail = await stack.mail.waitFor(
    (m) => m.to.includes(patient.email) && m.subject === SUBJECTS[language],
    20_000,
  );
  return { text: mail.text, ends: longDay(endsOn, language) };
}

it('counts the days left from the day it goes, and says where the renewal stands once its opening day came', async () => {
  // The 60-day reminder, 40 days before the end: the renewal opened 5 days ago.
  const { text, ends } = await lateReminder('en', 40);
  expect(text).toContain(`ends on ${ends}, in 40 days.`);
  expect(text).toContain('Your renewal application is open on your dashboard.');
  expect(text).not.toContain('We will open your renewal application');
});

it('says the same in Spanish, and that the renewal opens 45 days before the end while that day is still to come', async () => {
  const { text, ends } = await lateReminder('es', 50);
  expect(text).toContain(`termina el ${ends}, dentro de 50 días.`);
  expect(text).toContain('Abriremos su solicitud de renovación 45 días antes de esa fecha');
});
