import { SUBMISSION_MESSAGES, type AdminApplicationView } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { waitForQueuesIdle } from '../support/idle';
import { apiClient } from '../support/http';
import { move, newNavigator, type Api } from './helpers';
import { FAX_PROGRAM, readyToSend } from './signing-helpers';

// docs/product.md §17, §18: an application in Renewal due sends no packet (the console says "Renewal due: no packet is
// sent from here now."): its signatures and proof of income are last year's. Its renewal application is sent instead.
let stack: TestStack;
let api: Api;
let nav: { token: string; id: string };

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  nav = await newNavigator(stack, api);
});
afterAll(() => stack?.close());

const submit = (id: string, body: unknown) => api.post(`/admin/applications/${id}/submissions`, body, nav.token);
const staffView = async (id: string) =>
  (await api.get(`/admin/applications/${id}`, nav.token)).body.data.application as AdminApplicationView;

it('refuses to send the packet of an application in Renewal due, by fax or portal, with 409 and nothing sent', async () => {
  const patient = await readyToSend(stack, api, nav.token, FAX_PROGRAM);
  const id = patient.application.id;
  // Sent in the portal last year, approved, shipped, and now Renewal due: its packet is complete as it was then.
  for (const state of ['AWAITING_DOCUMENTS', 'AWAITING_PRESCRIBER'] as const)
    expect((await move(api, nav.token, id, state)).status).toBe(200);
  expect((await submit(id, { channel: 'PORTAL', reference: 'LAST-YEAR' })).status).toBe(202);
  for (const state of ['APPROVED', 'SHIPMENT_SCHEDULED', 'RENEWAL_DUE'] as const)
    expect((await move(api, nav.token, id, state)).status).toBe(200);
  expect((await staffView(id)).missingForSubmission).toEqual([]);

  for (const body of [{ channel: 'FAX' }, { channel: 'PORTAL', reference: 'THIS-YEAR' }]) {
    const refused = await submit(id, body);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'illegal-transition',
      message: SUBMISSION_MESSAGES.cannotSubmit('Renewal due'),
    });
  }
  await waitForQueuesIdle(stack);
  const view = await staffView(id);
  expect(view.state).toBe('RENEWAL_DUE');
  expect(view.submission).toMatchObject({ channel: 'PORTAL', reference: 'LAST-YEAR' });
  const fax = FAX_PROGRAM.application.submitTo.fax!;
  expect(stack.mail.messages().filter((m) => m.to.includes(`${fax.slice(1)}@fax.rxbridge.local`))).toEqual([]);
});

it('sends no packet of an application re-enrolling itself: with the program again (Info requested, Denied), nothing to sign', async () => {
  const patient = await readyToSend(stack, api, nav.token, FAX_PROGRAM);
  const id = patient.application.id;
  for (const state of ['AWAITING_DOCUMENTS', 'AWAITING_PRESCRIBER'] as const)
    expect((await move(api, nav.token, id, state)).status).toBe(200);
  expect((await submit(id, { channel: 'PORTAL', reference: 'LAST-YEAR' })).status).toBe(202);
  // Approved and shipped last year; Renewal due, the program re-enrolls it itself, then asks for more, then denies.
  for (const state of ['APPROVED', 'SHIPMENT_SCHEDULED', 'RENEWAL_DUE', 'SUBMITTED'] as const)
    expect((await move(api, nav.token, id, state)).status).toBe(200);
  for (const moves of [['INFO_REQUESTED'], ['SUBMITTED', 'DENIED']] as const) {
    for (const to of moves) expect((await move(api, nav.token, id, to)).status).toBe(200);
    const state = moves.at(-1);
    for (const body of [{ channel: 'FAX' }, { channel: 'PORTAL', reference: 'THIS-YEAR' }]) {
      const refused = await submit(id, body);
      expect([state, refused.status, refused.body.error?.code]).toEqual([state, 409, 'illegal-transition']);
    }
    // Its old packet asks nothing of the patient: last year's signatures and documents are not this year's.
    const signature = { name: 'Maria Lopez', attest: true, authorizeHipaa: true };
    const sign = await api.post(`/applications/${id}/patient-signature`, signature, patient.token);
    expect([state, sign.status, sign.body.error?.code]).toEqual([state, 409, 'packet-closed']);
  }
  await waitForQueuesIdle(stack);
  const fax = FAX_PROGRAM.application.submitTo.fax!;
  expect(stack.mail.messages().filter((m) => m.to.includes(`${fax.slice(1)}@fax.rxbridge.local`))).toEqual([]);
  expect((await staffView(id)).submission).toMatchObject({ channel: 'PORTAL', reference: 'LAST-YEAR' });
});
