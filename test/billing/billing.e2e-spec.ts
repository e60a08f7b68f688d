import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { appendToOutbox } from '@rxbridge/events';
import { addDays, calculatePricing, refillDueAt, toIsoDate } from '@rxbridge/domain';
import { SOCKET_EVENTS, type Frequency, type SocketSubscriptionUpdated } from '@rxbridge/contracts';
import { BillingSweep, startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newSignup } from '../support/factories';
import { CARDS, eventually, payCheckout, stripeControls } from '../support/billing';
import { waitForQueuesIdle } from '../support/idle';
import { connectSocket, waitForPushesDelivered } from '../support/sockets';

let stack: TestStack;
let db: DataSource;
let api: ReturnType<typeof apiClient>;
let stripe: ReturnType<typeof stripeControls>;

beforeAll(async () => {
  stack = await startStack();
  db = stack.api.get(DataSource);
  api = apiClient(stack.apiUrl);
  stripe = stripeControls(stack);
});
afterAll(() => stack?.close());

const twoPrescriptions: { medication: string; dosage: string; frequency: Frequency }[] = [
  { medication: 'Eliquis', dosage: '5 mg', frequency: 'Twice daily' },
  { medication: 'Ozempic', dosage: '1 mg', frequency: 'Weekly' },
];

async function patient(overrides: object = {}) {
  const payload = newSignup({ prescriptions: twoPrescriptions, ...overrides });
  const res = await api.post('/users/signup', payload);
  expect(res.status).toBe(201);
  return {
    email: payload.email,
    token: res.body.data.token as string,
    userId: res.body.data.user.id as string,
    checkoutUrl: res.body.data.checkoutUrl as string | null,
  };
}

const subscriptionOf = async (token: string) =>
  (await api.get('/subscriptions/active', token)).body.data.subscriptions[0];
const paymentsOf = async (token: string) =>
  (await api.get('/subscriptions/payments', token)).body.data.payments as any[];

/** What the applications module commits when a navigator schedules a shipment. */
async function shipmentScheduled(userId: string) {
  const today = toIsoDate(new Date());
  await db.transaction((manager) =>
    appendToOutbox(
      manager,
      'application.transitioned',
      {
        applicationId: randomUUID(),
        userId,
        prescriptionId: randomUUID(),
        fromState: 'APPROVED',
        toState: 'SHIPMENT_SCHEDULED',
        transitionId: randomUUID(),
        actorId: null,
        at: new Date().toISOString(),
        enrollmentStartDate: today,
        enrollmentEndDate: toIsoDate(addDays(today, 364)),
        shipment: {
          id: randomUUID(),
          shipmentDate: today,
          daysOfSupply: 90,
          refillDueAt: toIsoDate(refillDueAt(today, 90)),
        },
      },
      userId,
    ),
  );
}

/** The part of checkout.session.completed's session a test reads. */
type CheckoutEvent = { id: string; customer: string };

async function withSavedCard(card = CARDS.ok) {
  const p = await patient();
  const paid = await payCheckout(p.checkoutUrl!, card);
  expect(paid.status).toBe(303);
  await eventually(async () => (await subscriptionOf(p.token)).status === 'PENDING_CHARGE', 'card saved', 10000);
  const customer = (await db.query(`SELECT stripe_customer_id FROM subscriptions WHERE user_id = $1`, [p.userId]))[0]
    .stripe_customer_id;
  return { ...p, customer };
}

describe('cost quote', () => {
  it('prices every count from the one pricing function, publicly', async () => {
    for (const count of [0, 1, 2, 3, 4, 12]) {
      const res = await api.get(`/subscriptions/calculate-cost?prescriptionCount=${count}`);
      expect(res.status).toBe(200);
      expect(res.body.data.totalMonthlyAmount).toBe(calculatePricing('ONGOING_CARE', count).totalAmount);
      expect(res.body.data.dueToday).toBe(0);
    }
    expect((await api.get('/subscriptions/calculate-cost?prescriptionCount=3')).body.data).toMatchObject({
      totalMonthlyAmount: 7900,
      summary: { total: expect.stringContaining('$79.00') },
      firstTwoPrescriptions: { description: expect.any(String) },
      additionalPrescriptions: { description: expect.any(String) },
    });
    const enrollment = await api.get('/subscriptions/calculate-cost?prescriptionCount=2&tier=ENROLLMENT_ONLY');
    expect(enrollment.body.data.totalMonthlyAmount).toBe(13900);
  });

  it.each([
    ['-1', 'prescriptionCount must be at least 0'],
    ['abc', 'prescriptionCount must be a number'],
    ['101', 'prescriptionCount must be at most 100'],
    ['1.5', 'prescriptionCount must be a whole number'],
  ])('refuses prescriptionCount=%s', async (value, message) => {
    const res = await api.get(`/subscriptions/calculate-cost?prescriptionCount=${value}`);
    expect(res.status).toBe(400);
    expect(res.body.error!.fields!.prescriptionCount).toBe(message);
  });
});

describe('signup and checkout', () => {
  it('opens a subscription with nothing due and sends the patient to a setup checkout', async () => {
    const p = await patient();
    expect(p.checkoutUrl).toMatch(new RegExp(`^${stack.stripe.url}/checkout/cs_`));
    // The page asks for a card, the only method the subscription's screens, emails and charges expect.
    const session = await fetch(`${stack.stripe.url}/v1/checkout/sessions/${p.checkoutUrl!.split('/').pop()}`, {
      headers: { Authorization: `Bearer ${stack.settings.STRIPE_SECRET_KEY}` },
    });
    const asked = (await session.json()) as { allowed_payment_method_types: string[]; payment_method_types: string[] };
    expect(asked).toMatchObject({ allowed_payment_method_types: ['card'], payment_method_types: ['card'] });
    const sub = await subscriptionOf(p.token);
    expect(sub).toMatchObject({
      tier: 'ONGOING_CARE',
      status: 'PENDING_PAYMENT',
      prescriptionCount: 2,
      totalAmount: 4900,
      currentPeriodEnd: null,
      metadata: { pricingBreakdown: { summary: { total: expect.stringContaining('$49.00') } } },
    });
    expect(await paymentsOf(p.token)).toEqual([]);
  });

  it('saves the card from checkout (webhook), charging nothing', async () => {
    const p = await withSavedCard();
    const sub = await subscriptionOf(p.token);
    expect(sub).toMatchObject({ status: 'PENDING_CHARGE', paymentMethod: { last4: '4242' } });
    expect(await stripe.paymentIntentCount(p.customer)).toBe(0);
  });

  it('saves the card at once when the browser returns before the webhook (signup-complete)', async () => {
    await stripe.pause();
    try {
      const p = await patient();
      const paid = await payCheckout(p.checkoutUrl!, CARDS.ok);
      const sessionId = new URL(paid.location!).searchParams.get('session_id');
      expect(paid.location).toContain(`${stack.baseUrl}/dashboard?checkout=success`);
      const res = await api.post('/users/signup-complete', { sessionId }, p.token);
      expect(res.status).toBe(200);
      expect(res.body.data.user.id).toBe(p.userId);
      expect((await subscriptionOf(p.token)).status).toBe('PENDING_CHARGE');
    } finally {
      await stripe.resume();
    }
  });

  it('keeps the checkout open when the card is declined there', async () => {
    const p = await patient();
    const paid = await payCheckout(p.checkoutUrl!, CARDS.declinedAtCheckout);
    expect(paid.location).toBeNull();
    expect(paid.status).toBeGreaterThanOrEqual(400);
    expect(paid.html).toContain('Your card was declined.');
    expect((await subscriptionOf(p.token)).status).toBe('PENDING_PAYMENT');
  });

  it('DIY is free: active at $0, no checkout', async () => {
    const p = await patient({ tier: 'DIY_INSTRUCTIONS' });
    expect(p.checkoutUrl).toBeNull();
    expect(await subscriptionOf(p.token)).toMatchObject({ status: 'ACTIVE', totalAmount: 0 });
    const res = await api.post('/subscriptions', { prescriptionCount: 2 }, p.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The DIY plan is free: there is no payment method to add.');

    // Cancelled, the free plan is not reopened by the refused request: nothing is written before the refusal.
    const sub = await subscriptionOf(p.token);
    expect((await api.delete(`/subscriptions/${sub.id}`, p.token)).status).toBe(200);
    const again = await api.post('/subscriptions', {}, p.token);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('The DIY plan is free: there is no payment method to add.');
    expect(await subscriptionOf(p.token)).toBeUndefined();
    const rows = await db.query(`SELECT status FROM subscriptions WHERE user_id = $1`, [p.userId]);
    expect(rows).toEqual([{ status: 'CANCELLED' }]);
  });

  it('refuses a webhook without a valid signature', async () => {
    const res = await api.post(
      '/payments/webhook',
      { id: 'evt_forged', type: 'checkout.session.completed' },
      undefined,
      {
        'Stripe-Signature': 't=1,v1=deadbeef',
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The Stripe signature of this webhook is missing or invalid.');
  });
});

describe('charging', () => {
  it('charges once when the first shipment is scheduled: ACTIVE, one SUCCEEDED payment, a receipt', async () => {
    const p = await withSavedCard();
    await shipmentScheduled(p.userId);
    const sub = await eventually(
      async () => {
        const s = await subscriptionOf(p.token);
        return s.status === 'ACTIVE' && s;
      },
      'ACTIVE',
      10000,
    );
    const end = new Date(sub.currentPeriodEnd);
    const days = (end.getTime() - Date.now()) / 86400000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    const payments = await paymentsOf(p.token);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'SUCCEEDED', amount: 4900 });
    // What it was for, in the reader's language (docs/product.md §20).
    expect(payments[0].description).toMatch(/^Ongoing Care: \$49\.00 for month 1 \(\d+ prescriptions?\)$/);
    const spanish = await api.call('GET', '/subscriptions/payments', undefined, p.token, { 'Accept-Language': 'es' });
    expect(spanish.body.data.payments[0].description).toMatch(/^Ongoing Care: \$49\.00 por el mes 1 \(\d+ recetas?\)$/);
    // A page past the end still counts them.
    const past = (await api.get('/subscriptions/payments?page=2&limit=1', p.token)).body.data;
    expect(past).toEqual({
      payments: [],
      pagination: expect.objectContaining({ currentPage: 2, totalCount: 1, hasPrevPage: true, hasNextPage: false }),
    });
    await stack.mail.waitFor((m) => m.to.includes(p.email) && m.subject === 'Receipt: $49.00 paid to RxBridge');
    expect(await stripe.paymentIntentCount(p.customer)).toBe(1);
  });

  it('Enrollment Only charges its one-time price once and never renews', async () => {
    const p = await patient({ tier: 'ENROLLMENT_ONLY' });
    expect((await payCheckout(p.checkoutUrl!, CARDS.ok)).status).toBe(303);
    await eventually(async () => (await subscriptionOf(p.token)).status === 'PENDING_CHARGE', 'card saved');
    await shipmentScheduled(p.userId);
    const sub = await eventually(async () => {
      const s = await subscriptionOf(p.token);
      return s.status === 'ACTIVE' && s;
    }, 'ACTIVE');
    expect(sub).toMatchObject({
      tier: 'ENROLLMENT_ONLY',
      totalAmount: 13900,
      interval: 'one_time',
      currentPeriodEnd: null,
    });
    await stack.worker!.get(BillingSweep).run(new Date(Date.now() + 400 * 86400000));
    expect(await paymentsOf(p.token)).toEqual([expect.objectContaining({ status: 'SUCCEEDED', amount: 13900 })]);
  });

  it('charges once for the same event delivered twice and for two shipments scheduled at once', async () => {
    const p = await withSavedCard();
    await Promise.all([shipmentScheduled(p.userId), shipmentScheduled(p.userId), shipmentScheduled(p.userId)]);
    await eventually(async () => (await subscriptionOf(p.token)).status === 'ACTIVE', 'ACTIVE', 10000);
    // Same event again: the outbox row re-relayed as if a relay crashed before marking it.
    await db.query(`UPDATE outbox SET published_at = NULL WHERE user_id = $1 AND type = 'application.transitioned'`, [
      p.userId,
    ]);
    // No NOTIFY here: the relay finds the rows on its fallback poll; idle means it relayed them again.
    await waitForQueuesIdle(stack);
    expect(await paymentsOf(p.token)).toHaveLength(1);
    expect(await stripe.paymentIntentCount(p.customer)).toBe(1);
  });

  /**
   * A real crash point: a trigger makes every write to payments fail, so the worker's call to Stripe
   * succeeds and recording it does not, exactly as if the process died in between.
   */
  async function crashAfterStripeCall(userId: string, customer: string) {
    await db.query(`CREATE OR REPLACE FUNCTION simulate_crash() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'simulated crash after the Stripe call'; END $$ LANGUAGE plpgsql`);
    await db.query(
      // Only the outcome's write fails: storing the intent's id (before it is confirmed) goes through.
      `CREATE TRIGGER simulate_crash BEFORE UPDATE ON payments FOR EACH ROW
         WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION simulate_crash()`,
    );
    await shipmentScheduled(userId);
    await eventually(async () => (await stripe.paymentIntents(customer)).succeeded === 1, 'the Stripe charge', 10000);
    return { recover: () => db.query(`DROP TRIGGER IF EXISTS simulate_crash ON payments`) };
  }

  it('a worker that dies between the Stripe call and the database write: its retry replays Stripe, charging once', async () => {
    const p = await withSavedCard();
    await stripe.pause();
    try {
      const crash = await crashAfterStripeCall(p.userId, p.customer);
      expect(await paymentsOf(p.token)).toEqual([expect.objectContaining({ status: 'PENDING' })]);
      await crash.recover();
      // The job's retry retrieves the stored intent, finds it paid and records that.
      await eventually(async () => (await subscriptionOf(p.token)).status === 'ACTIVE', 'settled by the retry', 15000);
    } finally {
      await stripe.resume();
    }
    await waitForQueuesIdle(stack);
    expect(await paymentsOf(p.token)).toEqual([expect.objectContaining({ status: 'SUCCEEDED', amount: 4900 })]);
    expect(await stripe.paymentIntentCount(p.customer)).toBe(1);
  });

  it('a webhook delivered before the worker recorded the charge settles it; the later retry changes nothing', async () => {
    const p = await withSavedCard();
    await stripe.pause();
    let crash: { recover: () => Promise<unknown> } | undefined;
    try {
      crash = await crashAfterStripeCall(p.userId, p.customer);
      const held = await stripe.held();
      expect(held.length).toBeGreaterThan(0);
      await crash.recover();
      // Stripe's payment_intent.succeeded races the job's retry; whichever is first settles it.
      await stripe.deliver(held);
      await eventually(async () => (await subscriptionOf(p.token)).status === 'ACTIVE', 'settled', 15000);
    } finally {
      await crash?.recover();
      await stripe.resume();
    }
    // Idle includes the job's retry and any webhook delivery still being retried.
    await waitForQueuesIdle(stack);
    expect(await paymentsOf(p.token)).toEqual([expect.objectContaining({ status: 'SUCCEEDED', amount: 4900 })]);
    expect(await stripe.paymentIntentCount(p.customer)).toBe(1);
  });

  it('a replayed webhook changes nothing', async () => {
    const p = await withSavedCard();
    const events = (await stripe.events('checkout.session.completed')).data as {
      id: string;
      data: { object: { customer: string } };
    }[];
    const mine = events.find((e) => e.data.object.customer === p.customer)!;
    const before = await db.query(
      `SELECT count(*)::int AS n FROM outbox WHERE type = 'subscription.payment_method_saved' AND user_id = $1`,
      [p.userId],
    );
    await stripe.redeliver(mine.id);
    await waitForQueuesIdle(stack);
    const after = await db.query(
      `SELECT count(*)::int AS n FROM outbox WHERE type = 'subscription.payment_method_saved' AND user_id = $1`,
      [p.userId],
    );
    expect(after[0].n).toBe(before[0].n);
  });

  it('a card entered before the one saved never comes back: not by its late event, nor by its replayed return', async () => {
    const p = await withSavedCard(CARDS.ok);
    const [first] = (
      (await stripe.events('checkout.session.completed')).data as { id: string; data: { object: CheckoutEvent } }[]
    ).filter((e) => e.data.object.customer === p.customer);
    // The second card is entered a minute later on Stripe's clock.
    await stripe.faults({ clockOffsetMs: 60_000 });
    try {
      const replace = await api.post('/subscriptions', {}, p.token);
      expect(replace.status).toBe(201);
      expect((await payCheckout(replace.body.data.checkoutUrl, CARDS.declinesCharges)).status).toBe(303);
      await eventually(
        async () => (await subscriptionOf(p.token)).paymentMethod?.last4 === '0341',
        'second card saved',
        10000,
      );
    } finally {
      await stripe.faults({ clockOffsetMs: 0 });
    }
    const saved = () =>
      db.query(
        `SELECT count(*)::int AS n FROM outbox WHERE type = 'subscription.payment_method_saved' AND user_id = $1`,
        [p.userId],
      );
    const before = await saved();

    await stripe.redeliver(first.id);
    await waitForQueuesIdle(stack);
    const back = await api.post('/users/signup-complete', { sessionId: first.data.object.id }, p.token);
    expect(back.status).toBe(200);

    expect(await subscriptionOf(p.token)).toMatchObject({ paymentMethod: { last4: '0341' } });
    expect(await saved()).toEqual(before);
  });

  it('a declined charge makes it PAST_DUE with a FAILED payment and an email; a new card retries the same period', async () => {
    const p = await withSavedCard(CARDS.declinesCharges);
    await shipmentScheduled(p.userId);
    await eventually(async () => (await subscriptionOf(p.token)).status === 'PAST_DUE', 'PAST_DUE', 10000);
    expect(await paymentsOf(p.token)).toEqual([
      expect.objectContaining({ status: 'FAILED', amount: 4900, failureMessage: 'Your card was declined.' }),
    ]);
    // The same history read in Spanish says why in Spanish (docs/product.md §20 Languages).
    const spanish = await api.call('GET', '/subscriptions/payments', undefined, p.token, { 'Accept-Language': 'es' });
    expect(spanish.body.data.payments[0].failureMessage).toBe('Su tarjeta fue rechazada.');
    const mail = await stack.mail.waitFor(
      (m) => m.to.includes(p.email) && m.subject === 'Your payment did not go through',
    );
    expect(mail.text).toContain('/dashboard?billing=update-card');

    const retry = await api.post('/subscriptions', {}, p.token);
    expect(retry.status).toBe(201);
    expect((await payCheckout(retry.body.data.checkoutUrl, CARDS.ok)).status).toBe(303);
    await eventually(async () => (await subscriptionOf(p.token)).status === 'ACTIVE', 'ACTIVE after retry', 10000);
    const payments = await paymentsOf(p.token);
    expect(payments).toEqual([expect.objectContaining({ status: 'SUCCEEDED', amount: 4900 })]);
  });
});

describe('prescriptions and price', () => {
  it('asks for a card when prescriptions are added without one, and reprices in the worker', async () => {
    const p = await patient();
    const added = await api.post(
      '/prescriptions/bulk',
      [{ medication: 'Humira', dosage: '40 mg', frequency: 'Every other day' }],
      p.token,
    );
    expect(added.status).toBe(201);
    expect(added.body.data.subscriptionUpdate.checkoutUrl).toMatch(new RegExp(`^${stack.stripe.url}/checkout/cs_`));
    const sub = await eventually(
      async () => {
        const s = await subscriptionOf(p.token);
        return s.prescriptionCount === 3 && s;
      },
      'repriced to 3',
      10000,
    );
    expect(sub.totalAmount).toBe(7900);
    expect(sub.metadata.pricingBreakdown.summary.total).toContain('$79.00');

    const removed = await api.delete(`/prescriptions/${added.body.data.prescriptions[0].id}`, p.token);
    expect(removed.status).toBe(200);
    await eventually(async () => (await subscriptionOf(p.token)).totalAmount === 4900, 'repriced to 2', 10000);
  });

  it('needs no checkout once a card is saved', async () => {
    const p = await withSavedCard();
    const added = await api.post(
      '/prescriptions/bulk',
      [{ medication: 'Humira', dosage: '40 mg', frequency: 'Weekly' }],
      p.token,
    );
    expect(added.body.data.subscriptionUpdate).toBeNull();
  });
});

describe('renewals and cancelling', () => {
  const isRenewalReminderTo = (email: string) => (m: { to: string[]; subject: string }) =>
    m.to.includes(email) && m.subject.startsWith('Your RxBridge subscription renews on');

  it('renews a month later once, after a reminder three days before', async () => {
    const p = await withSavedCard();
    await shipmentScheduled(p.userId);
    await eventually(async () => (await subscriptionOf(p.token)).status === 'ACTIVE', 'ACTIVE', 10000);
    const sweep = stack.worker!.get(BillingSweep);

    await db.query(`UPDATE subscriptions SET current_period_end = now() + interval '2 days' WHERE user_id = $1`, [
      p.userId,
    ]);
    await sweep.run();
    await sweep.run();
    await stack.mail.waitFor(isRenewalReminderTo(p.email));
    // Once means no second reminder is still on its way either.
    await waitForQueuesIdle(stack);
    expect(stack.mail.messages().filter(isRenewalReminderTo(p.email))).toHaveLength(1);

    await db.query(`UPDATE subscriptions SET current_period_end = now() - interval '1 minute' WHERE user_id = $1`, [
      p.userId,
    ]);
    await Promise.all([sweep.run(), sweep.run()]);
    const payments = await paymentsOf(p.token);
    expect(payments.map((x) => x.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    expect(await stripe.paymentIntentCount(p.customer)).toBe(2);
    const renewed = await subscriptionOf(p.token);
    expect(new Date(renewed.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 25 * 86400000);
  });

  /** A patient whose first charge went through: ACTIVE, two prescriptions, $49.00 a month. */
  async function activePatient() {
    const p = await withSavedCard();
    await shipmentScheduled(p.userId);
    await eventually(async () => (await subscriptionOf(p.token)).status === 'ACTIVE', 'ACTIVE', 10000);
    return p;
  }

  /** Deletes every prescription of the patient; the worker reprices the subscription to $0. */
  async function removeAllPrescriptions(token: string) {
    for (const { id } of (await api.get('/prescriptions', token)).body.data.prescriptions) {
      expect((await api.delete(`/prescriptions/${id}`, token)).status).toBe(200);
    }
    await eventually(async () => (await subscriptionOf(token)).totalAmount === 0, 'repriced to $0', 10000);
  }

  async function addPrescription(token: string) {
    const added = await api.post(
      '/prescriptions/bulk',
      [{ medication: 'Humira', dosage: '40 mg', frequency: 'Weekly' }],
      token,
    );
    expect(added.status).toBe(201);
    await eventually(async () => (await subscriptionOf(token)).totalAmount === 4900, 'repriced to $49.00', 10000);
  }

  /** The subscription's whole timeline (anchor and period) moved `months` back: that many months have gone by. */
  const monthsGoneBy = (userId: string, months: number) =>
    db.query(
      `UPDATE subscriptions SET billing_anchor = billing_anchor - make_interval(months => $2),
              current_period_start = current_period_start - make_interval(months => $2),
              current_period_end = current_period_end - make_interval(months => $2)
        WHERE user_id = $1`,
      [userId, months],
    );

  const containsNow = (sub: { currentPeriodStart: string; currentPeriodEnd: string }) =>
    new Date(sub.currentPeriodStart).getTime() <= Date.now() && Date.now() < new Date(sub.currentPeriodEnd).getTime();

  it('after months at $0, a new prescription is charged once, for the month containing today, never the months missed', async () => {
    const p = await activePatient();
    await removeAllPrescriptions(p.token);
    await monthsGoneBy(p.userId, 3);
    await addPrescription(p.token);

    const sweep = stack.worker!.get(BillingSweep);
    for (let i = 0; i < 4; i++) await sweep.run();
    await waitForQueuesIdle(stack);

    const payments = await paymentsOf(p.token);
    expect(payments.map((x) => x.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    expect(payments[0].description).toMatch(/^Ongoing Care: \$49\.00 for month 4 \(1 prescription\)$/);
    expect(await stripe.paymentIntentCount(p.customer)).toBe(2);
    const sub = await subscriptionOf(p.token);
    expect(sub.status).toBe('ACTIVE');
    expect(containsNow(sub)).toBe(true);
  });

  it('a month that comes due at $0 moves on uncharged, pushed live, and no reminder promises a $0.00 charge', async () => {
    const p = await activePatient();
    await removeAllPrescriptions(p.token);
    const socket = await connectSocket(stack.baseUrl, { token: p.token });
    const pushes: SocketSubscriptionUpdated[] = [];
    socket.on(SOCKET_EVENTS.subscriptionUpdated, (u) => pushes.push(u));
    try {
      await waitForPushesDelivered(stack, [socket]);
      pushes.length = 0;
      await monthsGoneBy(p.userId, 3);
      const sweep = stack.worker!.get(BillingSweep);
      await sweep.run();
      await sweep.run();
      await eventually(async () => pushes.length > 0, 'the moved period pushed');
      const sub = await subscriptionOf(p.token);
      expect(containsNow(sub)).toBe(true);
      expect(sub).toMatchObject({ status: 'ACTIVE', totalAmount: 0 });
      expect(await paymentsOf(p.token)).toHaveLength(1);
      expect(await stripe.paymentIntentCount(p.customer)).toBe(1);
    } finally {
      socket.close();
    }

    // Three days before the next renewal, still at $0: no reminder. At $49.00 again, the reminder says so.
    await db.query(`UPDATE subscriptions SET current_period_end = now() + interval '2 days' WHERE user_id = $1`, [
      p.userId,
    ]);
    const sweep = stack.worker!.get(BillingSweep);
    await sweep.run();
    await addPrescription(p.token);
    await sweep.run();
    const reminder = await stack.mail.waitFor(isRenewalReminderTo(p.email));
    expect(reminder.text).toContain('we will charge $49.00');
    await waitForQueuesIdle(stack);
    expect(stack.mail.messages().filter(isRenewalReminderTo(p.email))).toHaveLength(1);
  });

  it('cancels at period end, or now when asked; never charges after', async () => {
    const p = await withSavedCard();
    await shipmentScheduled(p.userId);
    const sub = await eventually(
      async () => {
        const s = await subscriptionOf(p.token);
        return s.status === 'ACTIVE' && s;
      },
      'ACTIVE',
      10000,
    );
    const later = await api.delete(`/subscriptions/${sub.id}`, p.token);
    expect(later.status).toBe(200);
    expect(later.body.data.subscription).toMatchObject({ status: 'ACTIVE', cancelAtPeriodEnd: true });

    await db.query(`UPDATE subscriptions SET current_period_end = now() - interval '1 minute' WHERE id = $1`, [sub.id]);
    await stack.worker!.get(BillingSweep).run();
    expect(await subscriptionOf(p.token)).toBeUndefined();
    expect(await paymentsOf(p.token)).toHaveLength(1);
    const again = await api.delete(`/subscriptions/${sub.id}`, p.token);
    expect(again.status).toBe(409);
  });

  it('cancels immediately, and only the owner can', async () => {
    const p = await withSavedCard();
    const other = await patient();
    const sub = await subscriptionOf(p.token);
    expect((await api.delete(`/subscriptions/${sub.id}`, other.token)).status).toBe(404);
    expect((await api.delete(`/subscriptions/not-a-uuid`, other.token)).status).toBe(404);
    const res = await api.delete(`/subscriptions/${sub.id}?immediately=true`, p.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Subscription cancelled successfully');
    expect(res.body.data.subscription.status).toBe('CANCELLED');
    await shipmentScheduled(p.userId);
    await waitForQueuesIdle(stack);
    expect(await paymentsOf(p.token)).toHaveLength(0);
  });

  it('pages payment history and checks the paging parameters', async () => {
    const p = await patient();
    expect((await api.get('/subscriptions/payments?page=1&limit=10', p.token)).body.data.pagination).toMatchObject({
      currentPage: 1,
      totalCount: 0,
      hasPrevPage: false,
      hasNextPage: false,
    });
    const bad = await api.get('/subscriptions/payments?limit=500', p.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error!.fields!.limit).toBe('limit must be at most 100');
    // A page past any list is refused before its offset overflows PostgreSQL's integers.
    const far = await api.get('/subscriptions/payments?page=200000000', p.token);
    expect(far.status).toBe(400);
    expect(far.body.error!.fields!.page).toBe('page must be at most 100000');
    expect((await api.get('/subscriptions/payments')).status).toBe(401);
  });
});
