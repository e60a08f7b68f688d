import type { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { SOCKET_EVENTS, type SocketPaymentUpdated } from '@rxbridge/contracts';
import { QUEUES } from '@rxbridge/events';
import { BillingReconciler, createWorker, startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { CARDS, eventually, stripeControls } from '../support/billing';
import { waitForQueuesIdle } from '../support/idle';
import { connectSocket } from '../support/sockets';
import { move, newNavigator, type Api } from '../applications/helpers';
import { HOUR, later, MINUTE, patientAwaitingFirstCharge, paymentsOf, subscriptionStatus } from './helpers';

// Charges against Stripe faults (docs/architecture.md §7 Exactly-once charges): the worker is
// started and stopped by the tests, and the reconciliation is run on a shortened clock.

let stack: TestStack;
let api: Api;
let worker: INestApplicationContext | null = null;
let navigator: { token: string; email: string };

beforeAll(async () => {
  // Ticks far apart: each test runs the reconciliation itself, at the time it chooses.
  stack = await startStack({ withWorker: false, env: { BILLING_RECONCILE_SECONDS: '86400' } });
  api = apiClient(stack.apiUrl);
  worker = await createWorker(stack.settings);
  navigator = await newNavigator(stack, api);
});
afterAll(async () => {
  await worker?.close();
  await stack?.close();
});

async function restartWorker(between: () => Promise<void> = async () => undefined) {
  await worker?.close();
  worker = null;
  await between();
  worker = await createWorker(stack.settings);
  return worker;
}

/** Removes the billing queue's unfinished jobs, as if their attempts had run out. */
async function giveUpBillingJobs() {
  const queue = new Queue(QUEUES.billing, {
    connection: { url: stack.settings.REDIS_URL },
    prefix: stack.settings.REDIS_PREFIX,
  });
  try {
    for (const job of await queue.getJobs(['delayed', 'wait', 'failed', 'prioritized'])) {
      if (job && !job.repeatJobKey) await job.remove();
    }
  } finally {
    await queue.close();
  }
}

/** The completed job that charged a patient's first period (their application moved to SHIPMENT_SCHEDULED). */
async function firstChargeJob(userId: string) {
  const queue = new Queue(QUEUES.billing, {
    connection: { url: stack.settings.REDIS_URL },
    prefix: stack.settings.REDIS_PREFIX,
  });
  try {
    const jobs = await queue.getJobs(['completed']);
    return jobs.find(
      (job) =>
        job?.name === 'application.transitioned' &&
        job.data.payload.userId === userId &&
        job.data.payload.toState === 'SHIPMENT_SCHEDULED',
    );
  } finally {
    await queue.close();
  }
}

afterEach(() =>
  stripeControls(stack).faults({ paymentIntentsDown: false, loseAnswers: 'none', clockOffsetMs: 0, confirmDelayMs: 0 }),
);

it("Stripe's answer and webhook lost after a successful charge, retried 25 hours later: still one charge", async () => {
  const stripe = stripeControls(stack);
  const patient = await patientAwaitingFirstCharge(stack, api, navigator.token);
  await waitForQueuesIdle(stack);

  await stripe.pause();
  await stripe.faults({ loseAnswers: 'confirm' });
  expect((await move(api, navigator.token, patient.applicationId, 'SHIPMENT_SCHEDULED')).status).toBe(200);
  // The card is charged, but the worker never hears it...
  await eventually(async () => (await stripe.paymentIntents(patient.customer)).succeeded === 1, 'the charge at Stripe');
  // ...nor learns it by asking, and the webhook never arrives.
  await stripe.faults({ loseAnswers: 'all' });
  await restartWorker(async () => {
    const [pending] = await paymentsOf(stack, patient.subscriptionId);
    expect(pending).toMatchObject({ status: 'PENDING', stripe_payment_intent_id: expect.stringMatching(/^pi_/) });
    await stripe.dropHeld();
    await stripe.resume();
    // A day and an hour later Stripe has forgotten every idempotency key.
    await stripe.faults({ loseAnswers: 'none', clockOffsetMs: 25 * HOUR });
  });

  // The job's retry and the reconciliation both look again; neither charges a second time.
  await worker!.get(BillingReconciler).run(later(25 * HOUR));
  await waitForQueuesIdle(stack);
  await worker!.get(BillingReconciler).run(later(26 * HOUR));
  await waitForQueuesIdle(stack);

  expect(await stripe.paymentIntents(patient.customer)).toEqual(expect.objectContaining({ count: 1, succeeded: 1 }));
  expect(await paymentsOf(stack, patient.subscriptionId)).toEqual([expect.objectContaining({ status: 'SUCCEEDED' })]);
  expect(await subscriptionStatus(stack, patient.subscriptionId)).toBe('ACTIVE');
}, 60_000);

it('Stripe failing every charge for a while: each subscription charged once, late, with backoff; navigators told after a day', async () => {
  const stripe = stripeControls(stack);
  const patients: Awaited<ReturnType<typeof patientAwaitingFirstCharge>>[] = [];
  for (let i = 0; i < 3; i++) patients.push(await patientAwaitingFirstCharge(stack, api, navigator.token));
  await waitForQueuesIdle(stack);

  await stripe.faults({ paymentIntentsDown: true });
  for (const p of patients) {
    expect((await move(api, navigator.token, p.applicationId, 'SHIPMENT_SCHEDULED')).status).toBe(200);
  }
  for (const p of patients) {
    await eventually(
      async () => (await paymentsOf(stack, p.subscriptionId))[0]?.status === 'PENDING',
      'a PENDING payment',
    );
  }
  // The outage outlasts the jobs' attempts.
  await restartWorker(giveUpBillingJobs);
  const reconciler = worker!.get(BillingReconciler);

  // Ten minutes on, Stripe is still down: nothing charged, each payment backs off.
  await reconciler.run(later(11 * MINUTE));
  for (const p of patients) {
    expect(await paymentsOf(stack, p.subscriptionId)).toEqual([
      expect.objectContaining({ status: 'PENDING', reconcile_attempts: 1 }),
    ]);
  }

  // A day on, still unpaid: each navigator hears of each patient once, with no health data.
  await reconciler.run(later(24 * HOUR + MINUTE));
  await reconciler.run(later(24 * HOUR + 2 * MINUTE));
  const alerts = () =>
    stack.mail
      .messages()
      .filter((m) => m.to.includes(navigator.email) && m.subject === 'A first charge is still unpaid');
  expect(alerts()).toHaveLength(patients.length);
  expect(
    alerts()
      .map((m) => m.text)
      .join(),
  ).not.toMatch(/Eliquis/i);

  // Stripe is back: the next look after the backoff charges each subscription once.
  await stripe.faults({ paymentIntentsDown: false });
  await reconciler.run(later(48 * HOUR));
  await waitForQueuesIdle(stack);
  for (const p of patients) {
    expect(await paymentsOf(stack, p.subscriptionId)).toEqual([expect.objectContaining({ status: 'SUCCEEDED' })]);
    expect(await subscriptionStatus(stack, p.subscriptionId)).toBe('ACTIVE');
    expect(await stripe.paymentIntents(p.customer)).toEqual(expect.objectContaining({ count: 1, succeeded: 1 }));
  }
}, 90_000);

const NOT_CHARGED = 'Not charged: the subscription was cancelled.';

/** The patient cancels their subscription at once (the dashboard's way). */
async function cancelNow(patient: { token: string; subscriptionId: string }) {
  const res = await api.delete(`/subscriptions/${patient.subscriptionId}?immediately=true`, patient.token);
  expect(res.status).toBe(200);
  expect(res.body.data.subscription.status).toBe('CANCELLED');
}

const paymentFailedMails = (email: string) =>
  stack.mail.messages().filter((m) => m.to.includes(email) && m.subject === 'Your payment did not go through');

it('a first charge left PENDING by a Stripe outage, then cancelled: the reconciliation marks it FAILED, not charged, pushed live', async () => {
  const stripe = stripeControls(stack);
  const patient = await patientAwaitingFirstCharge(stack, api, navigator.token);
  await waitForQueuesIdle(stack);
  const socket = await connectSocket(stack.baseUrl, { token: patient.token });
  const pushes: SocketPaymentUpdated[] = [];
  socket.on(SOCKET_EVENTS.paymentUpdated, (u) => pushes.push(u));
  try {
    await stripe.faults({ paymentIntentsDown: true });
    expect((await move(api, navigator.token, patient.applicationId, 'SHIPMENT_SCHEDULED')).status).toBe(200);
    await eventually(
      async () => (await paymentsOf(stack, patient.subscriptionId))[0]?.status === 'PENDING',
      'a PENDING payment',
    );
    // Cancelled while no worker runs: the charge's job, added again at the worker's start, then finds nothing to do.
    await restartWorker(async () => {
      await giveUpBillingJobs();
      await cancelNow(patient);
    });

    // Stripe is still down: a payment that never had an intent is let go without it.
    await worker!.get(BillingReconciler).run(later(11 * MINUTE));
    expect(await paymentsOf(stack, patient.subscriptionId)).toEqual([
      expect.objectContaining({ status: 'FAILED', stripe_payment_intent_id: null }),
    ]);
    const pushed = await eventually(async () => pushes.find((u) => u.status === 'FAILED'), 'the payment pushed');
    expect(pushed.subscriptionId).toBe(patient.subscriptionId);

    const history = await api.get('/subscriptions/payments', patient.token);
    expect(history.body.data.payments).toEqual([
      expect.objectContaining({ status: 'FAILED', failureMessage: NOT_CHARGED }),
    ]);
    const spanish = await api.call('GET', '/subscriptions/payments', undefined, patient.token, {
      'Accept-Language': 'es',
    });
    expect(spanish.body.data.payments[0].failureMessage).toBe('No se cobró: la suscripción fue cancelada.');

    // Nothing asks the patient for a new card for a subscription they ended; a later look changes nothing.
    await worker!.get(BillingReconciler).run(later(48 * HOUR));
    await waitForQueuesIdle(stack);
    expect(paymentFailedMails(patient.email)).toEqual([]);
    expect(await stripe.paymentIntents(patient.customer)).toEqual(expect.objectContaining({ count: 0 }));
  } finally {
    socket.close();
  }
}, 60_000);

/**
 * A first charge let go: its one intent cancelled at Stripe and never charged, the payment FAILED as not
 * charged, the subscription still cancelled, and no "payment did not go through" email.
 */
async function expectNotCharged(patient: { token: string; email: string; customer: string; subscriptionId: string }) {
  expect(await stripeControls(stack).paymentIntents(patient.customer)).toEqual({
    customer: patient.customer,
    count: 1,
    succeeded: 0,
    canceled: 1,
  });
  const history = await api.get('/subscriptions/payments', patient.token);
  expect(history.body.data.payments).toEqual([
    expect.objectContaining({ status: 'FAILED', failureMessage: NOT_CHARGED }),
  ]);
  expect(await subscriptionStatus(stack, patient.subscriptionId)).toBe('CANCELLED');
  expect(paymentFailedMails(patient.email)).toEqual([]);
}

/** The payment_intent.canceled events Stripe sent for a customer's intents. */
async function canceledEvents(stripe: ReturnType<typeof stripeControls>, customer: string) {
  const events = (await stripe.events('payment_intent.canceled')).data as {
    id: string;
    data: { object: { id: string; customer: string } };
  }[];
  return events.filter((e) => e.data.object.customer === customer);
}

it('answers lost, then cancelled: a charge Stripe made stays SUCCEEDED; one it never made (a decline) is cancelled at Stripe and FAILED as not charged', async () => {
  const stripe = stripeControls(stack);
  const charged = await patientAwaitingFirstCharge(stack, api, navigator.token);
  const declined = await patientAwaitingFirstCharge(stack, api, navigator.token, CARDS.declinesCharges);
  await waitForQueuesIdle(stack);

  await stripe.pause();
  await stripe.faults({ loseAnswers: 'confirm' });
  for (const p of [charged, declined]) {
    expect((await move(api, navigator.token, p.applicationId, 'SHIPMENT_SCHEDULED')).status).toBe(200);
  }
  // Each confirm reached Stripe (one charged the card, one was declined); the worker heard neither...
  await eventually(async () => (await stripe.paymentIntents(charged.customer)).succeeded === 1, 'the charge at Stripe');
  await eventually(async () => {
    const failed = (await stripe.events('payment_intent.payment_failed')).data as {
      data: { object: { customer: string } };
    }[];
    return failed.some((e) => e.data.object.customer === declined.customer);
  }, 'the decline at Stripe');
  // ...nor learns it by asking, and the webhooks never arrive.
  await stripe.faults({ loseAnswers: 'all' });
  await restartWorker(async () => {
    await giveUpBillingJobs();
    await stripe.dropHeld();
    await stripe.resume();
    await stripe.faults({ loseAnswers: 'none' });
    expect(await paymentsOf(stack, declined.subscriptionId)).toEqual([
      expect.objectContaining({ status: 'PENDING', stripe_payment_intent_id: expect.stringMatching(/^pi_/) }),
    ]);
    await cancelNow(charged);
    await cancelNow(declined);
    // Stripe cannot be reached when the worker hears of the cancels: their own let-go leaves both to the
    // reconciliation, and nothing is let go before its intent is cancelled there.
    await stripe.faults({ paymentIntentsDown: true });
  });
  await waitForQueuesIdle(stack);
  await worker!.get(BillingReconciler).run(later(11 * MINUTE));
  for (const p of [charged, declined]) {
    expect(await paymentsOf(stack, p.subscriptionId)).toEqual([
      expect.objectContaining({ status: 'PENDING', reconcile_attempts: 1 }),
    ]);
  }

  // Stripe is back: the next look cancels each intent first and settles from Stripe's answer.
  await stripe.faults({ paymentIntentsDown: false });
  await worker!.get(BillingReconciler).run(later(HOUR));
  await waitForQueuesIdle(stack);

  // The money was taken (Stripe refuses to cancel a succeeded intent): recorded as paid, the subscription
  // stays cancelled.
  expect(await paymentsOf(stack, charged.subscriptionId)).toEqual([expect.objectContaining({ status: 'SUCCEEDED' })]);
  expect(await subscriptionStatus(stack, charged.subscriptionId)).toBe('CANCELLED');
  expect(await stripe.paymentIntents(charged.customer)).toEqual({
    customer: charged.customer,
    count: 1,
    succeeded: 1,
    canceled: 0,
  });
  // The intent never succeeded and is cancelled at Stripe, so nothing can confirm it again: not charged.
  await expectNotCharged(declined);

  // Stripe's payment_intent.canceled, delivered and delivered again, changes nothing.
  const [canceled] = await canceledEvents(stripe, declined.customer);
  expect(canceled.data.object.id).toBe((await paymentsOf(stack, declined.subscriptionId))[0].stripe_payment_intent_id);
  await stripe.redeliver(canceled.id);
  await waitForQueuesIdle(stack);
  await expectNotCharged(declined);
  const recorded = await stack.api.get(DataSource).query(`SELECT type FROM stripe_events WHERE id = $1`, [canceled.id]);
  expect(recorded).toEqual([{ type: 'payment_intent.canceled' }]);
}, 60_000);

it('a card declined as the patient cancels: no "payment did not go through" email for the subscription they ended', async () => {
  const patient = await patientAwaitingFirstCharge(stack, api, navigator.token, CARDS.declinesCharges);
  await waitForQueuesIdle(stack);
  // The worker takes no email job while the queue is paused (BullMQ's own pause): the decline's email waits, queued,
  // while the patient cancels, as when the worker is slow.
  const emailQueue = new Queue(QUEUES.email, {
    connection: { url: stack.settings.REDIS_URL },
    prefix: stack.settings.REDIS_PREFIX,
  });
  try {
    await emailQueue.pause();
    expect((await move(api, navigator.token, patient.applicationId, 'SHIPMENT_SCHEDULED')).status).toBe(200);
    await eventually(
      async () => (await paymentsOf(stack, patient.subscriptionId))[0]?.status === 'FAILED',
      'the declined charge',
    );
    await cancelNow(patient);
    await emailQueue.resume();
    await waitForQueuesIdle(stack);
    expect((await paymentsOf(stack, patient.subscriptionId))[0]).toMatchObject({ status: 'FAILED' });
    expect(paymentFailedMails(patient.email)).toEqual([]);
  } finally {
    await emailQueue.resume();
    await emailQueue.close();
  }
}, 60_000);

it('a confirm still on its way when the subscription is cancelled lands after the cancel and is refused: no charge', async () => {
  const stripe = stripeControls(stack);
  const patient = await patientAwaitingFirstCharge(stack, api, navigator.token);
  await waitForQueuesIdle(stack);

  // The worker's confirm is on its way to Stripe for 30 s, or until its intent is canceled there.
  await stripe.faults({ confirmDelayMs: 30_000 });
  expect((await move(api, navigator.token, patient.applicationId, 'SHIPMENT_SCHEDULED')).status).toBe(200);
  // The intent is stored: the confirm with the card is on its way.
  const intentId = await eventually(
    async () => (await paymentsOf(stack, patient.subscriptionId))[0]?.stripe_payment_intent_id,
    'the intent stored',
  );
  // The cancel itself lets the payment go (its intent cancelled at Stripe), not the reconciliation minutes later.
  const cancelAsked = Date.now();
  await cancelNow(patient);
  const settled = await eventually(async () => {
    const payments = await paymentsOf(stack, patient.subscriptionId);
    return payments[0]?.status !== 'PENDING' && payments;
  }, 'the payment let go');
  expect(settled).toEqual([expect.objectContaining({ status: 'FAILED', stripe_payment_intent_id: intentId })]);
  expect(await stripe.paymentIntents(patient.customer)).toMatchObject({ count: 1, succeeded: 0, canceled: 1 });

  // The confirm lands on a canceled intent: Stripe refuses it, the card is never charged and the job ends
  // at its first attempt, the payment left as it was.
  await waitForQueuesIdle(stack);
  const job = await firstChargeJob(patient.id);
  expect(job).toMatchObject({ attemptsMade: 1 });
  expect(job!.finishedOn).toBeGreaterThan(cancelAsked);
  await expectNotCharged(patient);
}, 60_000);
