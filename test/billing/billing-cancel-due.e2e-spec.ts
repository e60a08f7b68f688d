import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BillingReconciler, BillingSweep, createWorker, startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { CARDS, eventually, payCheckout, stripeControls } from '../support/billing';
import { waitForQueuesIdle } from '../support/idle';
import { move, newNavigator, type Api } from '../applications/helpers';
import { later, MINUTE, patientAwaitingFirstCharge } from '../faults/helpers';

// Cancelling "at period end" once the period is over and its renewal is pending at Stripe (docs/product.md §4
// Cancelling): the renewal is never made, whatever Stripe answers once it is back.

let stack: TestStack;
let api: Api;
let db: DataSource;
let worker: INestApplicationContext;
let navigator: { token: string };
let stripe: ReturnType<typeof stripeControls>;

beforeAll(async () => {
  // Ticks far apart: each test runs the sweep and the reconciliation itself, at the time it chooses.
  stack = await startStack({
    withWorker: false,
    env: { BILLING_SWEEP_SECONDS: '86400', BILLING_RECONCILE_SECONDS: '86400' },
  });
  api = apiClient(stack.apiUrl);
  db = stack.api.get(DataSource);
  worker = await createWorker(stack.settings);
  navigator = await newNavigator(stack, api);
  stripe = stripeControls(stack);
});
afterEach(() => stripe.faults({ paymentIntentsDown: false }));
afterAll(async () => {
  await worker?.close();
  await stack?.close();
});

const didNotGoThrough = (email: string) => (m: { to: string[]; subject: string }) =>
  m.to.includes(email) && m.subject === 'Your payment did not go through';

/**
 * A patient whose first month was paid ($49.00, ACTIVE) with `card` saved since, whose month is now over and whose
 * renewal the sweep started while Stripe was down: the month 2 payment is PENDING.
 */
async function renewalPendingAtStripe(card: string) {
  const patient = await patientAwaitingFirstCharge(stack, api, navigator.token);
  expect((await move(api, navigator.token, patient.applicationId, 'SHIPMENT_SCHEDULED')).status).toBe(200);
  await eventually(async () => (await subscriptionOf(patient.token))?.status === 'ACTIVE', 'the first month paid');
  if (card !== CARDS.ok) {
    const started = await api.post('/subscriptions', {}, patient.token);
    expect((await payCheckout(started.body.data.checkoutUrl, card)).status).toBe(303);
    const last4 = card.replace(/\D/g, '').slice(-4);
    await eventually(
      async () => (await subscriptionOf(patient.token))?.paymentMethod?.last4 === last4,
      'the new card saved',
    );
  }
  await waitForQueuesIdle(stack);

  // The month is over; the sweep's renewal meets Stripe down and leaves its payment PENDING.
  await db.query(`UPDATE subscriptions SET current_period_end = now() - interval '1 minute' WHERE id = $1`, [
    patient.subscriptionId,
  ]);
  await stripe.faults({ paymentIntentsDown: true });
  await worker.get(BillingSweep).run();
  expect((await paymentsOf(patient.token)).map((p) => p.status)).toEqual(['PENDING', 'SUCCEEDED']);
  return patient;
}

const subscriptionOf = async (token: string) =>
  (await api.get('/subscriptions/active', token)).body.data.subscriptions[0] as
    { id: string; status: string; paymentMethod: { last4: string } | null } | undefined;
const paymentsOf = async (token: string) =>
  (await api.get('/subscriptions/payments', token)).body.data.payments as Array<{
    status: string;
    amount: number;
    failureMessage: string | null;
  }>;

/** The customer's intents at Stripe: how many, how many charged the card, how many were canceled. */
async function intentsAtStripe(customer: string) {
  const { count, succeeded, canceled } = await stripe.paymentIntents(customer);
  return { count, succeeded, canceled };
}

/** The patient cancels without `immediately`; Stripe comes back; the reconciliation and the sweep run. */
async function cancelThenStripeBack(patient: Awaited<ReturnType<typeof renewalPendingAtStripe>>) {
  const cancelled = await api.delete(`/subscriptions/${patient.subscriptionId}`, patient.token);
  await stripe.faults({ paymentIntentsDown: false });
  await worker.get(BillingReconciler).run(later(11 * MINUTE));
  await waitForQueuesIdle(stack);
  await worker.get(BillingSweep).run(later(11 * MINUTE));
  await waitForQueuesIdle(stack);
  return {
    answer: {
      status: cancelled.status,
      message: cancelled.body.message,
      subscription: {
        status: cancelled.body.data?.subscription.status,
        cancelledAt: cancelled.body.data?.subscription.cancelledAt ?? null,
      },
    },
    open: (await subscriptionOf(patient.token)) ?? null,
    payments: (await paymentsOf(patient.token)).map(({ status, amount, failureMessage }) => ({
      status,
      amount,
      failureMessage,
    })),
    stripe: await intentsAtStripe(patient.customer),
  };
}

/** What the patient sees after cancelling once the paid month was over: cancelled now, month 2 never charged. */
const cancelledNotCharged = {
  answer: {
    status: 200,
    message: 'Subscription cancelled successfully',
    subscription: { status: 'CANCELLED', cancelledAt: expect.any(String) },
  },
  open: null,
  payments: [
    { status: 'FAILED', amount: 4900, failureMessage: 'Not charged: the subscription was cancelled.' },
    { status: 'SUCCEEDED', amount: 4900, failureMessage: null },
  ],
  // Only the first month's intent: month 2's was never created, so nothing at Stripe can charge it.
  stripe: { count: 1, succeeded: 1, canceled: 0 },
};

it('cancelled at period end once the month is over, its renewal pending: cancelled now, never charged', async () => {
  const patient = await renewalPendingAtStripe(CARDS.ok);
  expect(await cancelThenStripeBack(patient)).toEqual(cancelledNotCharged);
}, 60_000);

it('the same with a card that Stripe would decline: cancelled now, not PAST_DUE, no "did not go through" email', async () => {
  const patient = await renewalPendingAtStripe(CARDS.declinesCharges);
  expect(await cancelThenStripeBack(patient)).toEqual(cancelledNotCharged);
  expect(stack.mail.messages().filter(didNotGoThrough(patient.email))).toEqual([]);
}, 60_000);

it('a month not over yet still runs to its end', async () => {
  const patient = await patientAwaitingFirstCharge(stack, api, navigator.token);
  expect((await move(api, navigator.token, patient.applicationId, 'SHIPMENT_SCHEDULED')).status).toBe(200);
  await eventually(async () => (await subscriptionOf(patient.token))?.status === 'ACTIVE', 'the first month paid');
  const res = await api.delete(`/subscriptions/${patient.subscriptionId}`, patient.token);
  expect(res.status).toBe(200);
  expect(res.body.message).toBe(
    'Subscription cancelled successfully: it stays active until the end of the paid period.',
  );
  expect(res.body.data.subscription).toMatchObject({ status: 'ACTIVE', cancelAtPeriodEnd: true, cancelledAt: null });
  expect(await subscriptionOf(patient.token)).toMatchObject({ status: 'ACTIVE' });
}, 60_000);

it('a subscription left PAST_DUE while cancelled at period end (a renewal declined after the patient cancelled) ends at the sweep', async () => {
  // As the API left it before the cancel ended an over month at once: the pending renewal was declined afterwards.
  const patient = await patientAwaitingFirstCharge(stack, api, navigator.token);
  expect((await move(api, navigator.token, patient.applicationId, 'SHIPMENT_SCHEDULED')).status).toBe(200);
  await eventually(async () => (await subscriptionOf(patient.token))?.status === 'ACTIVE', 'the first month paid');
  await waitForQueuesIdle(stack);
  await db.query(
    `UPDATE subscriptions SET status = 'PAST_DUE', cancel_at_period_end = true,
            current_period_end = now() - interval '1 day' WHERE id = $1`,
    [patient.subscriptionId],
  );
  await worker.get(BillingSweep).run();
  await waitForQueuesIdle(stack);
  expect(await subscriptionOf(patient.token)).toBeUndefined();
  const again = await api.delete(`/subscriptions/${patient.subscriptionId}`, patient.token);
  expect(again.status).toBe(409);
  expect(again.body.message).toBe('This subscription is already cancelled.');
}, 60_000);

it('a renewal already pending when the patient set the subscription to end with its period is never charged', async () => {
  // As the API could leave it before a cancel ended an over month at once: ACTIVE, to end with its period, month 2
  // PENDING at Stripe. The reconciliation comes before the sweep that ends it.
  const patient = await renewalPendingAtStripe(CARDS.ok);
  await db.query(`UPDATE subscriptions SET cancel_at_period_end = true WHERE id = $1`, [patient.subscriptionId]);
  await stripe.faults({ paymentIntentsDown: false });
  await worker.get(BillingReconciler).run(later(11 * MINUTE));
  await waitForQueuesIdle(stack);
  expect((await paymentsOf(patient.token)).map(({ status, failureMessage }) => ({ status, failureMessage }))).toEqual([
    { status: 'FAILED', failureMessage: 'Not charged: the subscription was cancelled.' },
    { status: 'SUCCEEDED', failureMessage: null },
  ]);
  expect(await intentsAtStripe(patient.customer)).toEqual({ count: 1, succeeded: 1, canceled: 0 });
  await worker.get(BillingSweep).run(later(11 * MINUTE));
  await waitForQueuesIdle(stack);
  expect(await subscriptionOf(patient.token)).toBeUndefined();
}, 60_000);
