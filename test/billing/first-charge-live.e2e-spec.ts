import { DataSource } from 'typeorm';
import type { SocketPaymentUpdated, SocketSubscriptionUpdated } from '@rxbridge/contracts';
import { SOCKET_EVENTS } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { connectSocket } from '../support/sockets';
import { CARDS, eventually, payCheckout, stripeControls } from '../support/billing';
import { waitForQueuesIdle } from '../support/idle';
import { driveTo, move, newNavigator, newPatientWithApplications } from '../applications/helpers';

let stack: TestStack;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
});
afterAll(() => stack?.close());

describe('the first charge, end to end over the API', () => {
  it('approval and the first shipment charge $49.00 once, pushed live; a third prescription reprices to $79.00', async () => {
    const navigator = await newNavigator(stack, api);
    const patient = await newPatientWithApplications(api, ['Eliquis', 'Ozempic']);
    const socket = await connectSocket(stack.baseUrl, { token: patient.token });
    const subscriptionPushes: SocketSubscriptionUpdated[] = [];
    const paymentPushes: SocketPaymentUpdated[] = [];
    socket.on(SOCKET_EVENTS.subscriptionUpdated, (u) => subscriptionPushes.push(u));
    socket.on(SOCKET_EVENTS.paymentUpdated, (u) => paymentPushes.push(u));
    try {
      const started = await api.post('/subscriptions', {}, patient.token);
      expect(started.status).toBe(201);
      expect((await payCheckout(started.body.data.checkoutUrl, CARDS.ok)).status).toBe(303);
      await eventually(
        async () => subscriptionPushes.find((u) => u.status === 'PENDING_CHARGE'),
        'PENDING_CHARGE pushed',
      );

      // Approval alone charges nothing; the first scheduled shipment does.
      const [first, second] = patient.applications;
      await driveTo(api, navigator.token, first.id, 'APPROVED');
      await waitForQueuesIdle(stack);
      expect((await api.get('/subscriptions/payments', patient.token)).body.data.payments).toEqual([]);

      expect((await move(api, navigator.token, first.id, 'SHIPMENT_SCHEDULED')).status).toBe(200);
      const active = await eventually(
        async () => subscriptionPushes.find((u) => u.status === 'ACTIVE'),
        'ACTIVE pushed',
        5000,
      );
      expect(active).toMatchObject({ totalAmount: 4900, prescriptionCount: 2 });
      const paid = await eventually(
        async () => paymentPushes.find((u) => u.status === 'SUCCEEDED'),
        'payment pushed',
        5000,
      );
      expect(paid.amount).toBe(4900);

      // A second application's shipment is not a second first charge.
      await driveTo(api, navigator.token, second.id, 'SHIPMENT_SCHEDULED');
      await waitForQueuesIdle(stack);
      const payments = (await api.get('/subscriptions/payments', patient.token)).body.data.payments;
      expect(payments).toEqual([expect.objectContaining({ status: 'SUCCEEDED', amount: 4900 })]);
      const customer = (
        await stack.api
          .get(DataSource)
          .query(`SELECT stripe_customer_id FROM subscriptions WHERE user_id = $1`, [patient.id])
      )[0].stripe_customer_id;
      expect(await stripeControls(stack).paymentIntentCount(customer)).toBe(1);

      await api.post(
        '/prescriptions/bulk',
        [{ medication: 'Humira', dosage: '40 mg', frequency: 'Every other day' }],
        patient.token,
      );
      const repriced = await eventually(
        async () => subscriptionPushes.find((u) => u.prescriptionCount === 3),
        'repriced push',
      );
      expect(repriced.totalAmount).toBe(7900);
      const [sub] = (await api.get('/subscriptions/active', patient.token)).body.data.subscriptions;
      expect(sub).toMatchObject({ status: 'ACTIVE', totalAmount: 7900, prescriptionCount: 3 });
    } finally {
      socket.close();
    }
  });
});
