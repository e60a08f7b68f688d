import { DataSource } from 'typeorm';
import type { ApplicationState } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { CARDS, eventually, payCheckout, stripeControls } from '../support/billing';
import { waitForQueuesIdle } from '../support/idle';
import { driveTo, move, newNavigator, newPatientWithApplications, type Api } from '../applications/helpers';

// A card saved only after a shipment was scheduled is charged when it is saved (docs/product.md §4 Charging),
// whatever the application went on to: a shipment, once scheduled, stays scheduled.

let stack: TestStack;
let api: Api;
let navigator: { token: string };

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  navigator = await newNavigator(stack, api);
});
afterAll(() => stack?.close());

const subscriptionOf = async (token: string) =>
  (await api.get('/subscriptions/active', token)).body.data.subscriptions[0] as {
    status: string;
    paymentMethod: { last4: string } | null;
  };

/** The patient saves a card on checkout; resolves once the stack has done all it does for it. */
async function saveCard(patient: { token: string; id: string }) {
  const started = await api.post('/subscriptions', {}, patient.token);
  expect(started.status).toBe(201);
  expect((await payCheckout(started.body.data.checkoutUrl, CARDS.ok)).status).toBe(303);
  await eventually(async () => (await subscriptionOf(patient.token)).paymentMethod?.last4 === '4242', 'card saved');
  await waitForQueuesIdle(stack);
  const [{ stripe_customer_id: customer }] = await stack.api
    .get(DataSource)
    .query(`SELECT stripe_customer_id FROM subscriptions WHERE user_id = $1`, [patient.id]);
  return customer as string;
}

/** The customer's intents at Stripe: how many, how many charged the card, how many were canceled. */
async function intentsAtStripe(customer: string) {
  const { count, succeeded, canceled } = await stripeControls(stack).paymentIntents(customer);
  return { count, succeeded, canceled };
}

/** What the patient and Stripe have: the subscription's status, the payments, the intents at Stripe. */
async function billingOf(patient: { token: string }, customer: string) {
  const payments = (await api.get('/subscriptions/payments', patient.token)).body.data.payments as Array<{
    status: string;
    amount: number;
  }>;
  return {
    status: (await subscriptionOf(patient.token)).status,
    payments: payments.map(({ status, amount }) => ({ status, amount })),
    stripe: await intentsAtStripe(customer),
  };
}

const chargedOnce = {
  status: 'ACTIVE',
  payments: [{ status: 'SUCCEEDED', amount: 4900 }],
  stripe: { count: 1, succeeded: 1, canceled: 0 },
};

it.each<[string, ApplicationState[]]>([
  ['closed', ['CLOSED']],
  ['renewal due', ['RENEWAL_DUE']],
  ['re-submitted for its renewal', ['RENEWAL_DUE', 'SUBMITTED']],
  ['delivered (a state that counted before too)', ['DELIVERED']],
])(
  'no card when the shipment was scheduled, the application since %s: the card is charged when saved',
  async (_, after) => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const [application] = patient.applications;
    await driveTo(api, navigator.token, application.id, 'SHIPMENT_SCHEDULED');
    for (const state of after) {
      expect((await move(api, navigator.token, application.id, state)).status).toBe(200);
    }
    await waitForQueuesIdle(stack);
    expect((await subscriptionOf(patient.token)).status).toBe('PENDING_PAYMENT');

    const customer = await saveCard(patient);
    expect(await billingOf(patient, customer)).toEqual(chargedOnce);
    await stack.mail.waitFor((m) => m.to.includes(patient.email) && m.subject === 'Receipt: $49.00 paid to RxBridge');
  },
  60_000,
);

it.each<[string, ApplicationState[], ApplicationState]>([
  ['open (its application cancelled with it)', [], 'CANCELLED'],
  ['closed (its application stays closed)', ['CLOSED'], 'CLOSED'],
])(
  "a removed prescription's shipment, %s, does not count: the card waits for another's",
  async (_, after, left) => {
    // Two prescriptions, $49.00 a month; the first shipped, then the patient removed it: it is out of the price.
    const patient = await newPatientWithApplications(api, ['Eliquis', 'Ozempic']);
    const [shipped, other] = patient.applications;
    await driveTo(api, navigator.token, shipped.id, 'SHIPMENT_SCHEDULED');
    for (const state of after) expect((await move(api, navigator.token, shipped.id, state)).status).toBe(200);
    const removed = await api.delete(`/prescriptions/${shipped.prescriptionId}`, patient.token);
    expect(removed.status).toBe(200);
    await eventually(
      async () =>
        (await api.get('/applications', patient.token)).body.data.applications.find(
          (a: { id: string; state: string }) => a.id === shipped.id && a.state === left,
        ),
      `the shipped application ${left.toLowerCase()}`,
    );
    await waitForQueuesIdle(stack);

    const customer = await saveCard(patient);
    expect(await billingOf(patient, customer)).toEqual({
      status: 'PENDING_CHARGE',
      payments: [],
      stripe: { count: 0, succeeded: 0, canceled: 0 },
    });

    // The remaining prescription's first shipment charges its month.
    await driveTo(api, navigator.token, other.id, 'SHIPMENT_SCHEDULED');
    await waitForQueuesIdle(stack);
    expect(await billingOf(patient, customer)).toEqual({
      ...chargedOnce,
      payments: [{ status: 'SUCCEEDED', amount: 4900 }],
    });
  },
  60_000,
);
