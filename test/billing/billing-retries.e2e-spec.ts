import { DataSource } from 'typeorm';
import { QUEUES } from '@rxbridge/events';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { CARDS, eventually } from '../support/billing';
import { waitForQueuesIdle } from '../support/idle';
import { newNavigator, type Api } from '../applications/helpers';
import { declineMails, firstPayment, pastDuePatient, queueOf, saveCard } from './retry-helpers';

// A declined charge retried with the patient's new card (docs/product.md §4 Charging) and the emails it sends.

let stack: TestStack;
let api: Api;
let navigator: { token: string };

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  navigator = await newNavigator(stack, api);
});
afterAll(() => stack?.close());

const isReceiptTo = (email: string) => (m: { to: string[]; subject: string }) =>
  m.to.includes(email) && /^Receipt: \$[\d.]+ paid to RxBridge$/.test(m.subject);

it('a decline email held back until a new card has paid the period is not sent: only the receipt is', async () => {
  // The worker takes no email job while the queue is paused (BullMQ's own pause): the decline's email waits, queued,
  // as behind a backlog or an SMTP outage, while the patient saves a card that works.
  const emails = queueOf(stack, QUEUES.email);
  try {
    const patient = await pastDuePatient(stack, api, navigator.token, () => emails.pause());
    await saveCard(api, patient.token, CARDS.ok);
    await eventually(
      async () => (await firstPayment(stack, patient.subscriptionId))?.status === 'SUCCEEDED',
      'the period paid with the new card',
    );
    await emails.resume();
    const receipts = () => stack.mail.messages().filter(isReceiptTo(patient.email));
    await stack.mail.waitFor(isReceiptTo(patient.email));
    await waitForQueuesIdle(stack);
    expect(await firstPayment(stack, patient.subscriptionId)).toEqual({ status: 'SUCCEEDED', attempt: 2 });
    expect(declineMails(stack, patient.email)).toEqual([]);
    expect(receipts()).toHaveLength(1);
  } finally {
    await emails.resume();
    await emails.close();
  }
}, 60_000);

it('a declined month is owed as it was declined: with every prescription removed since, a new card still pays it', async () => {
  const patient = await pastDuePatient(stack, api, navigator.token);
  const active = async () => (await api.get('/subscriptions/active', patient.token)).body.data.subscriptions[0];
  const declined = await active();
  expect(declined).toMatchObject({ status: 'PAST_DUE' });
  // The patient removes their one prescription: the price is now $0 (its application is cancelled with it).
  const [rx] = (await api.get('/prescriptions', patient.token)).body.data.prescriptions;
  expect((await api.delete(`/prescriptions/${rx.id}`, patient.token)).status).toBe(200);
  await eventually(async () => (await active()).totalAmount === 0, 'the subscription repriced to $0');

  await saveCard(api, patient.token, CARDS.ok);
  await eventually(async () => (await active()).status === 'ACTIVE', 'the declined month paid with the new card');
  await waitForQueuesIdle(stack);
  expect(await firstPayment(stack, patient.subscriptionId)).toEqual({ status: 'SUCCEEDED', attempt: 2 });
  const [paid] = (await api.get('/subscriptions/payments', patient.token)).body.data.payments;
  expect(paid).toMatchObject({ status: 'SUCCEEDED', amount: declined.totalAmount });
  expect(stack.mail.messages().filter(isReceiptTo(patient.email))).toHaveLength(1);
}, 60_000);

it("a new card's attempt starts the reconciliation's backoff afresh: an earlier attempt's wait of a day is not kept", async () => {
  const patient = await pastDuePatient(stack, api, navigator.token);
  const db = stack.api.get(DataSource);
  // The declined attempt had waited out a Stripe outage: the reconciliation would look at it again in a day.
  await db.query(
    `UPDATE payments SET reconcile_attempts = 4, next_reconcile_at = now() + interval '1 day' WHERE subscription_id = $1`,
    [patient.subscriptionId],
  );
  await saveCard(api, patient.token, CARDS.ok);
  await eventually(
    async () => (await firstPayment(stack, patient.subscriptionId))?.status === 'SUCCEEDED',
    'the period paid with the new card',
  );
  const [row] = await db.query(
    `SELECT reconcile_attempts, next_reconcile_at FROM payments WHERE subscription_id = $1`,
    [patient.subscriptionId],
  );
  expect(row).toEqual({ reconcile_attempts: 0, next_reconcile_at: null });
  await waitForQueuesIdle(stack);
}, 60_000);

it('a month declined late, after the next one was paid, is the one a new card pays: no month charged ahead', async () => {
  const patient = await patientWithDeclinedOlderMonth();
  await saveCard(api, patient.token, CARDS.ok);
  await eventually(
    async () => (await firstPayment(stack, patient.subscriptionId))?.status === 'SUCCEEDED',
    'the declined month paid with the new card',
  );
  await waitForQueuesIdle(stack);
  const payments = await stack.api
    .get(DataSource)
    .query(`SELECT period_index, status FROM payments WHERE subscription_id = $1 ORDER BY period_index`, [
      patient.subscriptionId,
    ]);
  expect(payments).toEqual([
    { period_index: 0, status: 'SUCCEEDED' },
    { period_index: 1, status: 'SUCCEEDED' },
  ]);
  const [sub] = (await api.get('/subscriptions/active', patient.token)).body.data.subscriptions;
  expect(sub.status).toBe('ACTIVE');
}, 60_000);

/**
 * A patient whose month 1 was declined late: its charge stayed pending while month 2 was charged and paid (the
 * subscription's periods stand at 2), then the decline came, PAST_DUE. Staged from a declined first charge.
 */
async function patientWithDeclinedOlderMonth() {
  const patient = await pastDuePatient(stack, api, navigator.token);
  const db = stack.api.get(DataSource);
  await db.query(
    `UPDATE subscriptions SET periods_charged = 2, billing_anchor = now() - interval '40 days' WHERE id = $1`,
    [patient.subscriptionId],
  );
  await db.query(
    `INSERT INTO payments (subscription_id, user_id, period_index, status, amount, currency, description, attempt)
     SELECT subscription_id, user_id, 1, 'SUCCEEDED', amount, currency, description, 1 FROM payments
      WHERE subscription_id = $1 AND period_index = 0`,
    [patient.subscriptionId],
  );
  return patient;
}
