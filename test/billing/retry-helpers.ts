import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { QUEUES } from '@rxbridge/events';
import type { TestStack } from '../support/stack';
import { CARDS, eventually, payCheckout, stripeControls } from '../support/billing';
import { waitForQueuesIdle } from '../support/idle';
import { move, type Api } from '../applications/helpers';
import { patientAwaitingFirstCharge } from '../faults/helpers';

// A declined first charge and the patient's new card (docs/product.md §4 Charging): the period's one payment,
// FAILED, is retried with each card the patient saves.

export const DECLINED_SUBJECT = 'Your payment did not go through';

/** The "payment did not go through" emails the patient got. */
export const declineMails = (stack: TestStack, email: string) =>
  stack.mail.messages().filter((m) => m.to.includes(email) && m.subject === DECLINED_SUBJECT);

/** The subscription's one payment (period 1) as the database holds it. */
export async function firstPayment(stack: TestStack, subscriptionId: string) {
  const [row] = await stack.api
    .get(DataSource)
    .query(`SELECT status, attempt FROM payments WHERE subscription_id = $1 AND period_index = 0`, [subscriptionId]);
  return row as { status: string; attempt: number } | undefined;
}

/** How many times Stripe declined a card of the customer (its payment_intent.payment_failed events). */
export async function declinesAtStripe(stack: TestStack, customer: string): Promise<number> {
  const events = (await stripeControls(stack).events('payment_intent.payment_failed')).data as {
    data: { object: { customer: string } };
  }[];
  return events.filter((e) => e.data.object.customer === customer).length;
}

/**
 * A patient whose first charge was declined: PAST_DUE, the payment FAILED at its first attempt. Without
 * `beforeCharge` the decline's email has been sent and the stack is idle; `beforeCharge` runs on an idle stack
 * just before the charge (to hold the emails back).
 */
export async function pastDuePatient(
  stack: TestStack,
  api: Api,
  navigatorToken: string,
  beforeCharge?: () => Promise<unknown>,
) {
  const patient = await patientAwaitingFirstCharge(stack, api, navigatorToken, CARDS.declinesCharges);
  await waitForQueuesIdle(stack);
  await beforeCharge?.();
  expect((await move(api, navigatorToken, patient.applicationId, 'SHIPMENT_SCHEDULED')).status).toBe(200);
  await eventually(
    async () => (await firstPayment(stack, patient.subscriptionId))?.status === 'FAILED',
    'the declined first charge',
  );
  if (!beforeCharge) {
    await eventually(async () => declineMails(stack, patient.email).length === 1, 'the decline email');
    await waitForQueuesIdle(stack);
  }
  return patient;
}

/** The patient saves another card through checkout (Update Payment Method). */
export async function saveCard(api: Api, token: string, card: string) {
  const update = await api.post('/subscriptions', {}, token);
  expect(update.status).toBe(201);
  expect((await payCheckout(update.body.data.checkoutUrl, card)).status).toBe(303);
}

/** A queue of the stack's, for the test to look at or pause; closed by the caller. */
export const queueOf = (stack: TestStack, name: (typeof QUEUES)[keyof typeof QUEUES]) =>
  new Queue(name, { connection: { url: stack.settings.REDIS_URL }, prefix: stack.settings.REDIS_PREFIX });
