import type { SocketPaymentUpdated } from '@rxbridge/contracts';
import { SOCKET_EVENTS } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { connectSocket, type ClientSocket } from '../support/sockets';
import { CARDS, eventually, stripeControls } from '../support/billing';
import { move, newNavigator, type Api } from '../applications/helpers';
import { patientAwaitingFirstCharge } from '../faults/helpers';
import { firstPayment, pastDuePatient, saveCard } from './retry-helpers';

// A charge under way is on the patient's payment history at once (docs/product.md §4): a payment written PENDING,
// or a declined one tried again with a new card, is pushed before Stripe answers, not only once it settles.
let stack: TestStack;
let api: Api;
let navigator: { token: string };
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  navigator = await newNavigator(stack, api);
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await stripeControls(stack).faults({ paymentIntentsDown: false });
});
afterAll(() => stack?.close());

async function paymentPushes(token: string) {
  const socket = await connectSocket(stack.baseUrl, { token });
  sockets.push(socket);
  const heard: SocketPaymentUpdated[] = [];
  socket.on(SOCKET_EVENTS.paymentUpdated, (u) => heard.push(u));
  return heard;
}

it('pushes the first charge as pending while Stripe cannot be reached, and its history shows it', async () => {
  const patient = await patientAwaitingFirstCharge(stack, api, navigator.token);
  const heard = await paymentPushes(patient.token);
  await stripeControls(stack).faults({ paymentIntentsDown: true });
  expect((await move(api, navigator.token, patient.applicationId, 'SHIPMENT_SCHEDULED')).status).toBe(200);

  const pending = await eventually(async () => heard.find((u) => u.status === 'PENDING'), 'the pending payment pushed');
  expect(pending).toEqual({
    paymentId: expect.any(String),
    subscriptionId: patient.subscriptionId,
    status: 'PENDING',
    amount: 4900,
  });
  const [payment] = (await api.get('/subscriptions/payments', patient.token)).body.data.payments;
  expect(payment).toMatchObject({ id: pending.paymentId, status: 'PENDING', amount: 4900 });
});

it("pushes a declined period's retry with the new card as pending again before it settles", async () => {
  const patient = await pastDuePatient(stack, api, navigator.token);
  const heard = await paymentPushes(patient.token);
  await stripeControls(stack).faults({ paymentIntentsDown: true });
  await saveCard(api, patient.token, CARDS.ok);

  const pending = await eventually(async () => heard.find((u) => u.status === 'PENDING'), 'the retry pushed');
  expect(pending).toMatchObject({ subscriptionId: patient.subscriptionId, amount: 4900 });
  expect(await firstPayment(stack, patient.subscriptionId)).toEqual({ status: 'PENDING', attempt: 2 });
});
