import { FAX_PACKET_ROUNDS } from '@rxbridge/applications';
import { SUBMISSION_MESSAGES, type AdminApplicationView } from '@rxbridge/contracts';
import { DOCUMENT_STORAGE, type DocumentStorage } from '@rxbridge/documents';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { pdfText } from '../support/pdf-text';
import { attachUpload, driveTo, eventually, faxAttemptEnded, newNavigator, type Api } from './helpers';
import { FAX_PROGRAM, readyToSend } from './signing-helpers';

// docs/architecture.md §16: the patient deletes or replaces a document of the packet while the worker reads the
// packet's files for the fax. The packet never goes without what it needs (docs/product.md §6.4, §17), nor with a
// document the patient took out of it.
let stack: TestStack;
let api: Api;
let nav: { token: string; id: string };
let storage: DocumentStorage;
let restoreRead: (() => void) | undefined;

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  nav = await newNavigator(stack, api);
  storage = stack.worker!.get<symbol, DocumentStorage>(DOCUMENT_STORAGE);
});
afterEach(() => restoreRead?.());
afterAll(async () => {
  await stack?.close();
});

const FAX_ADDRESS = `${FAX_PROGRAM.application.submitTo.fax!.slice(1)}@fax.rxbridge.local`;
const faxesOf = (id: string) =>
  stack.mail.messages().filter((m) => m.to.includes(FAX_ADDRESS) && m.subject.includes(id.slice(0, 8)));
const staffView = async (id: string) =>
  (await api.get(`/admin/applications/${id}`, nav.token)).body.data.application as AdminApplicationView;
const itemOf = async (id: string, kind: string) => (await staffView(id)).documents.find((d) => d.kind === kind)!;

/** A text upload (its lines become a page of the faxed packet) attached to the item `kind`: its document's id. */
const attachText = (token: string, applicationId: string, kind: string, text: string) =>
  attachUpload(stack, token, applicationId, kind, { bytes: text, type: 'text/plain', name: 'note.txt' });

/**
 * A case ready to fax, in Awaiting prescriber, whose packet holds two of the patient's text uploads on two items:
 * `first` received (and read by the worker) before `second`.
 */
async function readyWithTwoUploads() {
  const patient = await readyToSend(stack, api, nav.token, FAX_PROGRAM);
  const id = patient.application.id;
  const [a, b] = patient.application.missingDocuments.map((d) => d.kind);
  expect(b).toBeDefined();
  const first = { kind: a, id: await attachText(patient.token, id, a, `First upload ${id.slice(0, 8)}`) };
  const second = { kind: b, id: await attachText(patient.token, id, b, `Second upload ${id.slice(0, 8)}`) };
  await driveTo(api, nav.token, id, 'AWAITING_PRESCRIBER');
  expect((await staffView(id)).missingForSubmission).toEqual([]);
  return { patient, id, first, second };
}

/**
 * From now on (until the test ends) the worker's storage read of a document's file first awaits `during(documentId)`,
 * then reads: returns the documents read, in order.
 */
function onFileRead(during: (documentId: string) => Promise<void>) {
  const reads: string[] = [];
  const get = storage.get;
  storage.get = async function (this: DocumentStorage, key: string) {
    const documentId = key.split('/').at(-1)!;
    reads.push(documentId);
    await during(documentId);
    return get.call(this, key);
  };
  restoreRead = () => {
    storage.get = get;
  };
  return reads;
}

/** The navigator sends the fax; resolves with the submission once the worker is done with it. */
async function faxAndWait(id: string) {
  expect((await api.post(`/admin/applications/${id}/submissions`, { channel: 'FAX' }, nav.token)).status).toBe(202);
  return faxAttemptEnded(stack, nav.token, id);
}

// Still to be read: its file is gone when the worker comes to it. Already read: its pages would go in a packet whose
// checklist now asks for it again.
it.each([
  { which: 'still to be read', reading: 'first', deleting: 'second' },
  { which: 'already read', reading: 'second', deleting: 'first' },
] as const)(
  'sends no fax when the patient deletes a document $which while the worker reads the $reading',
  async (t) => {
    const uploads = await readyWithTwoUploads();
    const { patient, id } = uploads;
    const [reading, deleting] = [uploads[t.reading], uploads[t.deleting]];
    let once = true;
    onFileRead(async (doc) => {
      if (doc !== reading.id || !once) return;
      once = false;
      expect((await api.delete(`/documents/${deleting.id}`, patient.token)).status).toBe(200);
    });

    const submission = await faxAndWait(id);
    // The clear reason, not the storage's "no stored object" for a file deleted under the read.
    expect(submission).toMatchObject({ status: 'FAILED', failureReason: SUBMISSION_MESSAGES.faxNotSentIncomplete });
    expect(faxesOf(id)).toHaveLength(0);
    expect(await itemOf(id, deleting.kind)).toMatchObject({ status: 'MISSING', documentId: null });
    expect((await staffView(id)).state).toBe('AWAITING_PRESCRIBER');
  },
  120_000,
);

it('faxes the packet rendered again with the document the patient put in place of one being read', async () => {
  const { patient, id, first, second } = await readyWithTwoUploads();
  let replacement: Promise<string> | undefined;
  const reads = onFileRead(async (doc) => {
    if (doc !== first.id || replacement) return;
    replacement = attachText(patient.token, id, first.kind, `Replacement ${id.slice(0, 8)}`);
    await replacement;
  });

  const submission = await faxAndWait(id);
  expect(submission).toMatchObject({ status: 'SENT', failureReason: null });
  // Rendered twice: the second time with the item's new document, received after the other.
  expect(reads).toEqual([first.id, second.id, second.id, await replacement]);
  const [fax] = faxesOf(id);
  expect(faxesOf(id)).toHaveLength(1);
  const lines = pdfText(fax.attachments[0].content).split('\n');
  expect(lines).toContain(`Replacement ${id.slice(0, 8)}`);
  expect(lines).toContain(`Second upload ${id.slice(0, 8)}`);
  expect(lines).not.toContain(`First upload ${id.slice(0, 8)}`);
}, 120_000);

it('gives up as incomplete, for the navigator to retry, when the documents keep changing under every rendering', async () => {
  const { patient, id, first } = await readyWithTwoUploads();
  const onItem = new Set([first.id]);
  onFileRead(async (doc) => {
    if (onItem.has(doc)) onItem.add(await attachText(patient.token, id, first.kind, `Another ${onItem.size}`));
  });

  const submission = await faxAndWait(id);
  expect(submission).toMatchObject({ status: 'FAILED', failureReason: SUBMISSION_MESSAGES.faxNotSentIncomplete });
  expect(faxesOf(id)).toHaveLength(0);
  // Each rendering found the item changed after it: one new upload per rendering.
  expect(onItem.size).toBe(1 + FAX_PACKET_ROUNDS);

  // Once nothing changes under it, the navigator's Retry sends it.
  restoreRead?.();
  const retried = await api.post(`/admin/applications/${id}/submissions/${submission.id}/retry`, {}, nav.token);
  expect(retried.status).toBe(202);
  await eventually(async () => (await staffView(id)).submission?.status === 'SENT', 'the retried fax sent', 30_000);
  expect(faxesOf(id)).toHaveLength(1);
}, 120_000);
