import { DataSource } from 'typeorm';
import { matchProgramFor, PAP_CATALOGUE } from '@rxbridge/domain';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { waitForQueuesIdle } from '../support/idle';
import { FILES } from '../support/sample-files';
import { upload } from '../records/helpers';
import type { ApplicationView } from '@rxbridge/contracts';
import { askedTimerRan, attachUpload, driveTo, move, newNavigator, type Api } from './helpers';
import { readyToSend } from './signing-helpers';

// docs/product.md §11: a navigator asking the patient for a document (marking it missing), or setting another program
// they must sign for, emails them what is still needed, once a day per application, a few minutes after the first
// ask. A "day" of the timer clock lasts 864 s here, so the 5 minutes are 3 seconds: two marks in a row fall in them.
const DAY_MS = 864_000;
const SUBJECT = 'An update on your RxBridge application';
const LEAD = /Your care navigator needs something from you for your \S+ application/;

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

/** A program a medication matches, asking every patient for two documents or more. */
const PROGRAM = PAP_CATALOGUE.find(
  (p) =>
    matchProgramFor(p.medications[0].brand)?.id === p.id &&
    p.application.shipTo.length < 2 &&
    p.documents.filter((d) => !d.only).length > 1,
)!;

/** A complete case, verified address, sent to its program, which answers with `answer`. */
async function answeredBy(answer: 'INFO_REQUESTED' | 'DENIED') {
  const patient = await readyToSend(stack, api, nav.token, PROGRAM);
  const id = patient.application.id;
  await stack.api.get(DataSource).query(`UPDATE users SET email_verified_at = now() WHERE id = $1`, [patient.id]);
  await driveTo(api, nav.token, id, 'AWAITING_PRESCRIBER');
  const sent = await api.post(
    `/admin/applications/${id}/submissions`,
    { channel: 'PORTAL', reference: 'R-1' },
    nav.token,
  );
  expect(sent.status).toBe(202);
  expect((await move(api, nav.token, id, answer)).status).toBe(200);
  await waitForQueuesIdle(stack);
  return { patient, id, items: patient.application.missingDocuments };
}
const askedForMore = () => answeredBy('INFO_REQUESTED');

const mark = (id: string, kind: string, status: 'MISSING' | 'RECEIVED') =>
  api.post(`/admin/applications/${id}/documents/${kind}`, { status }, nav.token);
const asksTo = (email: string) =>
  stack.mail.messages().filter((m) => m.to.includes(email) && m.subject === SUBJECT && LEAD.test(m.text));

const timerRan = (applicationId: string, since: Date) => askedTimerRan(stack, applicationId, since);

it('emails what is still needed once, a few minutes after the first ask of the day, listing every ask so far', async () => {
  const { patient, id, items } = await askedForMore();
  const since = new Date();
  expect(items.length).toBeGreaterThan(1);
  const [first, second] = items;
  // The patient's own attachment and the move asked nothing: no such email yet.
  expect(asksTo(patient.email)).toHaveLength(0);

  expect((await mark(id, first.kind, 'MISSING')).status).toBe(200);
  expect((await mark(id, second.kind, 'MISSING')).status).toBe(200);
  const mail = await stack.mail.waitFor((m) => m.to.includes(patient.email) && LEAD.test(m.text), 20_000);
  const lines = mail.text.split('\n');
  expect(lines).toContain(`• Upload: ${first.label}.`);
  expect(lines).toContain(`• Upload: ${second.label}.`);
  expect(mail.subject).toBe(SUBJECT);

  // A later ask the same day adds no email: the dashboard lists it.
  expect((await mark(id, first.kind, 'RECEIVED')).status).toBe(200);
  expect((await mark(id, first.kind, 'MISSING')).status).toBe(200);
  await timerRan(id, since);
  await waitForQueuesIdle(stack);
  expect(asksTo(patient.email)).toHaveLength(1);
});

it('sends nothing when the patient gave what was asked before the email was due', async () => {
  const { patient, id, items } = await askedForMore();
  const since = new Date();
  const [item] = items;
  expect((await mark(id, item.kind, 'MISSING')).status).toBe(200);
  const uploaded = await upload(stack, patient.token, { bytes: FILES.png, type: 'image/png', name: 'again.png' });
  const body = { kind: item.kind, documentId: uploaded.body.data.document.id };
  expect((await api.post(`/applications/${id}/documents`, body, patient.token)).status).toBe(201);
  await timerRan(id, since);
  await waitForQueuesIdle(stack);
  expect(asksTo(patient.email)).toHaveLength(0);
});

it('after a denial, emails the patient to sign for the program the navigator set instead, in their language', async () => {
  const { patient, id } = await answeredBy('DENIED');
  const since = new Date();
  const spanish = await api.put('/users/profile', { preferredLanguage: 'es' }, patient.token);
  expect(spanish.status).toBe(200);
  const other = PAP_CATALOGUE.find((p) => p.kind === 'PAP' && p.id !== PROGRAM.id && p.application.shipTo.length < 2)!;
  expect((await api.put(`/admin/applications/${id}/program`, { programId: other.id }, nav.token)).status).toBe(200);

  const mail = await stack.mail.waitFor(
    (m) => m.to.includes(patient.email) && m.text.includes('necesita algo de usted'),
    20_000,
  );
  const lines = mail.text.split('\n');
  expect(lines).toContain('• Vuelva a firmar su solicitud: cambió desde que firmó.');
  await timerRan(id, since);
  await waitForQueuesIdle(stack);
  expect(
    stack.mail.messages().filter((m) => m.to.includes(patient.email) && m.text.includes('necesita algo')),
  ).toHaveLength(1);
});

// docs/product.md §17: a file the fax cannot carry (here a Word document) is asked for again, and the email says why.
it.each([
  {
    language: 'en',
    lead: LEAD,
    upload: (label: string) => `• Upload: ${label}.`,
    again: (label: string) =>
      `• ${label}: your file can’t be faxed to the program. Please upload it again as a PDF, JPEG or PNG.`,
  },
  {
    language: 'es',
    lead: /necesita algo de usted/,
    upload: (label: string) => `• Suba: ${label}.`,
    again: (label: string) =>
      `• ${label}: su archivo no se puede enviar por fax al programa. Súbalo de nuevo como PDF, JPEG o PNG.`,
  },
] as const)(
  'says why a Word document already uploaded is asked again, beside what the navigator marked missing ($language)',
  async (t) => {
    const { patient, id, items } = await askedForMore();
    const [word, marked] = items;
    expect((await api.put('/users/profile', { preferredLanguage: t.language }, patient.token)).status).toBe(200);
    await attachUpload(stack, patient.token, id, word.kind, {
      bytes: FILES.docx,
      name: 'income.docx',
      title: 'Letter',
    });
    expect((await mark(id, marked.kind, 'MISSING')).status).toBe(200);

    // The labels as the patient reads them, in their language.
    const mine = await api.get('/applications', patient.token, { 'Accept-Language': t.language });
    const views = mine.body.data.applications as ApplicationView[];
    const label = (kind: string) =>
      views.find((a) => a.id === id)!.missingDocuments.find((d) => d.kind === kind)!.label;
    const mail = await stack.mail.waitFor((m) => m.to.includes(patient.email) && t.lead.test(m.text), 20_000);
    const lines = mail.text.split('\n');
    expect(lines).toContain(t.again(label(word.kind)));
    expect(lines).toContain(t.upload(label(marked.kind)));
    expect(lines).not.toContain(t.upload(label(word.kind)));
    // The subject names neither the medication nor the document.
    expect(mail.subject).toBe(t.language === 'en' ? SUBJECT : 'Novedades sobre su solicitud en RxBridge');
  },
  120_000,
);
