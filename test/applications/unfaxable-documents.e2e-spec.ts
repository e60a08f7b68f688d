import { DataSource } from 'typeorm';
import { applicationsAskedSince } from '@rxbridge/applications';
import { patientAsks } from '@rxbridge/domain';
import { SUBMISSION_MESSAGES } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { pdfText } from '../support/pdf-text';
import { FILES } from '../support/sample-files';
import {
  attachUpload,
  driveTo,
  faxAttemptEnded,
  faxesTo,
  newNavigator,
  patientViewOf,
  staffViewOf,
  type Api,
} from './helpers';
import { FAX_PROGRAM, readyToSend } from './signing-helpers';

// docs/product.md §17: the fax carries every received document as pages. One the renderer cannot turn into pages
// (a Word document, a GIF: by its type; a PDF that does not read: when rendered, then recorded so) keeps the packet
// from going, rather than going as a page saying it is missing while the case moves to Submitted.
let stack: TestStack;
let api: Api;
let nav: { token: string; id: string };

/** A "day" of the timer clock lasts 864 s: the asked-documents email, 5 minutes after an ask, comes in 3 seconds. */
const DAY_MS = 864_000;
const LEAD = /Your care navigator needs something from you for your \S+ application/;

beforeAll(async () => {
  stack = await startStack({ env: { TIMER_DAY_MS: String(DAY_MS) } });
  api = apiClient(stack.apiUrl);
  nav = await newNavigator(stack, api);
});
afterAll(async () => {
  await stack?.close();
});

const FAX = FAX_PROGRAM.application.submitTo.fax!;
const faxesOf = (id: string) => faxesTo(stack, FAX, id);
const staffView = (id: string) => staffViewOf(stack, nav.token, id);
const patientView = (token: string, id: string) => patientViewOf(stack, token, id);
const submit = (id: string) => api.post(`/admin/applications/${id}/submissions`, { channel: 'FAX' }, nav.token);

/** The patient uploads a file and attaches it to the item `kind`, in place of what it held. */
const attach = (token: string, id: string, kind: string, file: { bytes: Buffer; name: string; title: string }) =>
  attachUpload(stack, token, id, kind, file);

/** A case ready to fax, awaiting the prescriber; `item` is the checklist item the patient filled with an upload. */
async function readyCase() {
  const patient = await readyToSend(stack, api, nav.token, FAX_PROGRAM);
  const id = patient.application.id;
  await driveTo(api, nav.token, id, 'AWAITING_PRESCRIBER');
  expect((await staffView(id)).missingForSubmission).toEqual([]);
  return { patient, id, item: patient.application.missingDocuments[0] };
}

const attemptEnded = (id: string) => faxAttemptEnded(stack, nav.token, id);

it.each([
  ['a Word document (.docx)', FILES.docx, 'income.docx'],
  ['a Word 97-2003 document (.doc)', FILES.doc, 'income.doc'],
  ['a GIF', FILES.gif, 'income.gif'],
])(
  '%s on the checklist: Send is refused, saying so, and the patient is asked for it again; a PNG in its place goes',
  async (_, bytes, name) => {
    const { patient, id, item } = await readyCase();
    await attach(patient.token, id, item.kind, { bytes, name, title: 'Income letter' });

    // The navigator reads what is missing before sending: the document, by its title, and what to ask.
    const line = 'Income letter cannot be faxed: ask the patient to upload it as a PDF, JPEG or PNG';
    const view = await staffView(id);
    expect(view.missingForSubmission).toEqual([line]);
    expect(view.documents.find((d) => d.kind === item.kind)).toMatchObject({ status: 'RECEIVED', cannotBeFaxed: true });
    const refused = await submit(id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'packet-incomplete', missing: [line] });

    // The patient's dashboard counts it as still to give, and marks the item (docs/product.md §17).
    const mine = await patientView(patient.token, id);
    expect(mine.missingDocuments).toEqual([{ kind: item.kind, label: item.label }]);
    expect(mine.documents.find((d) => d.kind === item.kind)?.cannotBeFaxed).toBe(true);
    expect(patientAsks(mine)?.documents).toEqual([item.label]);

    await attach(patient.token, id, item.kind, { bytes: FILES.png, name: 'income.png', title: 'Income letter' });
    const fixed = await staffView(id);
    expect(fixed.missingForSubmission).toEqual([]);
    expect(fixed.documents.every((d) => !d.cannotBeFaxed)).toBe(true);
    expect((await submit(id)).status).toBe(202);
    expect(await attemptEnded(id)).toMatchObject({ status: 'SENT' });
    expect(faxesOf(id)).toHaveLength(1);
    expect(pdfText(faxesOf(id)[0].attachments[0].content)).not.toContain('could not be converted');
  },
  120_000,
);

it('a PDF that does not read when rendered: no fax, Failed naming it, the case stays, the patient asked again saying why; Retry sends once it is replaced', async () => {
  const { patient, id, item } = await readyCase();
  await stack.api.get(DataSource).query(`UPDATE users SET email_verified_at = now() WHERE id = $1`, [patient.id]);
  // A PDF by its content (it passes the upload's check), whose pages cannot be read.
  await attach(patient.token, id, item.kind, { bytes: FILES.pdf, name: 'income.pdf', title: 'Income letter' });
  expect((await staffView(id)).missingForSubmission).toEqual([]);

  const since = new Date();
  expect((await submit(id)).status).toBe(202);
  const failed = await attemptEnded(id);
  expect(failed).toMatchObject({
    status: 'FAILED',
    failureReason: SUBMISSION_MESSAGES.faxNotSentUnreadable('Income letter'),
  });
  expect(faxesOf(id)).toHaveLength(0);
  const after = await staffView(id);
  expect(after.state).toBe('AWAITING_PRESCRIBER');
  expect(after.timeline.some((t) => t.note?.startsWith('Sent to'))).toBe(false);

  // The file is recorded as one the fax cannot carry: the navigator reads it among what is missing (Retry refused
  // until it is replaced), and the patient is asked for it again, on the dashboard and by email, saying why.
  const line = SUBMISSION_MESSAGES.cannotBeFaxed('Income letter');
  expect(after.missingForSubmission).toEqual([line]);
  expect(after.documents.find((d) => d.kind === item.kind)).toMatchObject({ status: 'RECEIVED', cannotBeFaxed: true });
  const mine = await patientView(patient.token, id);
  expect(mine.state).toBe('AWAITING_PRESCRIBER');
  expect(patientAsks(mine)).toMatchObject({ documents: [item.label], uploadAgain: [item.label] });
  const mail = await stack.mail.waitFor((m) => m.to.includes(patient.email) && LEAD.test(m.text), 20_000);
  expect(mail.text.split('\n')).toContain(
    `• ${item.label}: your file can’t be faxed to the program. Please upload it again as a PDF, JPEG or PNG.`,
  );
  const refused = await api.post(`/admin/applications/${id}/submissions/${failed.id}/retry`, {}, nav.token);
  expect(refused.status).toBe(409);
  expect(refused.body.error).toMatchObject({ code: 'packet-incomplete', missing: [line] });
  // The ask is the system's, read from PostgreSQL when the worker arms the day's emails again (Redis lost them).
  const asked = await applicationsAskedSince(stack.api.get(DataSource).manager, since);
  expect(asked.filter((a) => a.applicationId === id)).toHaveLength(1);

  // The patient uploads it again as a PNG; the navigator's Retry sends the packet, with it.
  await attach(patient.token, id, item.kind, { bytes: FILES.png, name: 'income.png', title: 'Income letter' });
  expect((await staffView(id)).missingForSubmission).toEqual([]);
  const retried = await api.post(`/admin/applications/${id}/submissions/${failed.id}/retry`, {}, nav.token);
  expect(retried.status).toBe(202);
  expect(await attemptEnded(id)).toMatchObject({ id: failed.id, status: 'SENT' });
  expect(faxesOf(id)).toHaveLength(1);
  expect((await staffView(id)).state).toBe('SUBMITTED');
}, 120_000);
