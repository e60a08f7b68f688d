import type { INestApplicationContext } from '@nestjs/common';
import { MISSING_ITEMS, patientAsks } from '@rxbridge/domain';
import { SUBMISSION_MESSAGES, SUBMISSION_MESSAGES_ES } from '@rxbridge/contracts';
import { createWorker, startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { waitForQueuesIdle } from '../support/idle';
import { pdfText } from '../support/pdf-text';
import { faxAttemptEnded, faxesTo, move, newNavigator, patientViewOf, staffViewOf, type Api } from './helpers';
import { FAX_PROGRAM, readPacket, readyAwaitingPrescriber } from './signing-helpers';

// docs/product.md §17: a program whose form needs the patient's original signature (eSignatureAccepted false) never
// gets the packet by fax as signed electronically. No program of the catalogue says so yet (BI Cares' form asks the
// prescriber, not the patient, for an original signature), so the program the sending specs fax to is given the rule
// for this file: the API and the worker run in this process and read the same catalogue entry.
let stack: TestStack;
let api: Api;
let nav: { token: string; id: string };
/** This spec's worker: stopped while a fax waits in its queue, then started again. */
let worker: INestApplicationContext | null = null;

const requirements = FAX_PROGRAM.application as {
  patientSignature: boolean | null;
  eSignatureAccepted: boolean | null;
};
const recorded = { ...requirements };

beforeAll(async () => {
  stack = await startStack({ withWorker: false });
  worker = await createWorker(stack.settings);
  api = apiClient(stack.apiUrl);
  nav = await newNavigator(stack, api);
});
afterEach(() => {
  requirements.eSignatureAccepted = recorded.eSignatureAccepted;
  requirements.patientSignature = recorded.patientSignature;
});
afterAll(async () => {
  await worker?.close();
  await stack?.close();
});

const FAX = FAX_PROGRAM.application.submitTo.fax!;
/** The console's item, in its English like the items before it, whatever the request's language. */
const LINE = MISSING_ITEMS.inkSignature(FAX_PROGRAM.application.submitTo.mail!);
const faxesOf = (id: string) => faxesTo(stack, FAX, id);
const staffView = (id: string) => staffViewOf(stack, nav.token, id);
const patientView = (token: string, id: string) => patientViewOf(stack, token, id);
const send = (id: string, body: Record<string, unknown> = { channel: 'FAX' }, language = 'en') =>
  api.call('POST', `/admin/applications/${id}/submissions`, body, nav.token, { 'Accept-Language': language });

/** A case with both signatures and every document, awaiting the prescriber: what a fax needs. */
const readyCase = () => readyAwaitingPrescriber(stack, api, nav.token, FAX_PROGRAM);

it('is refused with 409 and the line saying what to do; the patient is told; the packet leaves lines for ink', async () => {
  requirements.eSignatureAccepted = false;
  const { patient, id } = await readyCase();

  // The navigator reads it before sending: the packet goes signed by hand, by mail, to the program's address.
  const view = await staffView(id);
  expect(view.inkSignatureNeeded).toBe(true);
  expect(view.missingForSubmission).toEqual([LINE]);
  expect(LINE).toContain(`mail it to ${FAX_PROGRAM.application.submitTo.mail}, then move the application to Submitted`);
  const refused = await send(id);
  expect(refused.status).toBe(409);
  expect(refused.body.error).toMatchObject({ code: 'packet-incomplete', missing: [LINE] });
  // Asked in Spanish: the message is in Spanish, the items stay the console’s English, as "Patient signature" does.
  const portal = await send(id, { channel: 'PORTAL', reference: 'REF-1' }, 'es');
  expect(portal.status).toBe(409);
  expect(portal.body.error).toMatchObject({ message: SUBMISSION_MESSAGES_ES.incomplete, missing: [LINE] });
  expect((await staffView(id)).submission).toBeNull();

  // The patient's view says their navigator sends them the form to sign in ink (the dashboard's words: browser spec).
  const mine = await patientView(patient.token, id);
  expect(mine).toMatchObject({ inkSignatureNeeded: true, missingForSubmission: [LINE] });
  expect(patientAsks(mine)).toMatchObject({ sign: null, documents: [], signInInk: true });

  // The packet the navigator prints leaves Section 5's lines to sign by hand, not the electronic signature.
  const packet = pdfText(await readPacket(stack, `/admin/applications/${id}/packet`, nav.token));
  expect(packet).toContain("This program needs the patient's original signature: sign below by hand, in ink.");
  expect(packet).not.toContain('Signed electronically by Maria Lopez');

  // Mailed, the navigator records it by moving the case to Submitted; nothing went by fax, and nothing more is asked.
  expect((await move(api, nav.token, id, 'SUBMITTED')).status).toBe(200);
  await waitForQueuesIdle(stack);
  expect(faxesOf(id)).toHaveLength(0);
  expect(patientAsks(await patientView(patient.token, id))).toBeNull();
}, 120_000);

it('a fax queued before the rule was known does not leave: the worker records it Failed, incomplete', async () => {
  const { id } = await readyCase();
  expect((await staffView(id)).missingForSubmission).toEqual([]);
  await worker!.close();
  worker = null;
  expect((await send(id)).status).toBe(202);
  requirements.eSignatureAccepted = false;
  worker = await createWorker(stack.settings);
  expect(await faxAttemptEnded(stack, nav.token, id)).toMatchObject({
    status: 'FAILED',
    failureReason: SUBMISSION_MESSAGES.faxNotSentIncomplete,
  });
  expect(faxesOf(id)).toHaveLength(0);
  expect((await staffView(id)).state).toBe('AWAITING_PRESCRIBER');
}, 120_000);

it('a program whose form the patient does not sign needs no ink of them, even taking no electronic signature', async () => {
  const { patient, id } = await readyCase();
  requirements.patientSignature = false;
  requirements.eSignatureAccepted = false;
  const view = await staffView(id);
  expect(view).toMatchObject({ patientSignatureNeeded: false, inkSignatureNeeded: false, missingForSubmission: [] });
  expect(patientAsks(await patientView(patient.token, id))).toBeNull();
  const packet = pdfText(await readPacket(stack, `/admin/applications/${id}/packet`, nav.token));
  expect(packet).not.toContain('sign below by hand, in ink');
  expect((await send(id)).status).toBe(202);
  expect(await faxAttemptEnded(stack, nav.token, id)).toMatchObject({ status: 'SENT' });
}, 120_000);

it('a program whose source says nothing of electronic signatures (null) is faxed as before', async () => {
  expect(recorded.eSignatureAccepted).toBeNull();
  const { patient, id } = await readyCase();
  const view = await staffView(id);
  expect(view).toMatchObject({ inkSignatureNeeded: false, missingForSubmission: [] });
  expect(patientAsks(await patientView(patient.token, id))).toBeNull();
  expect((await send(id)).status).toBe(202);
  expect(await faxAttemptEnded(stack, nav.token, id)).toMatchObject({ status: 'SENT' });
  expect(faxesOf(id)).toHaveLength(1);
}, 120_000);
