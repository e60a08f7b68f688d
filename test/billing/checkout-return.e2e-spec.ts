import { createServer } from 'node:net';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { startExtraApi, startStack, type ExtraApi, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newSignup } from '../support/factories';
import { CARDS, eventually, payCheckout, stripeControls } from '../support/billing';

// The browser back from checkout (POST /users/signup-complete): a session Stripe does not know is 404; Stripe
// down is 503 and nothing is written (docs/architecture.md §6 Outages), never "not found". So are the other calls
// that need Stripe: a new checkout (POST /subscriptions) and a checkout's webhook.

let stack: TestStack;
let api: ReturnType<typeof apiClient>;
/** An API process of the same stack whose Stripe cannot be reached (nothing listens where it calls). */
let cutOff: ExtraApi;

/** A loopback port nothing listens on: a connection there is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  cutOff = await startExtraApi(stack, { STRIPE_API_BASE: `http://127.0.0.1:${await closedPort()}` });
});
afterAll(async () => {
  await cutOff?.close();
  await stack?.close();
});

async function patient() {
  const res = await api.post('/users/signup', newSignup());
  expect(res.status).toBe(201);
  return { token: res.body.data.token as string, checkoutUrl: res.body.data.checkoutUrl as string };
}

const statusOf = async (token: string) =>
  (await api.get('/subscriptions/active', token)).body.data.subscriptions[0].status as string;

it('Stripe down as the browser returns: 503 with Retry-After, the card not saved, and saved once Stripe answers', async () => {
  const stripe = stripeControls(stack);
  // The webhook is held: only the return could save the card.
  await stripe.pause();
  try {
    const p = await patient();
    const paid = await payCheckout(p.checkoutUrl, CARDS.ok);
    const sessionId = new URL(paid.location!).searchParams.get('session_id');

    const res = await apiClient(cutOff.apiUrl).post('/users/signup-complete', { sessionId }, p.token);
    expect({ status: res.status, code: res.body.error?.code, message: res.body.message }).toEqual({
      status: 503,
      code: 'service-unavailable',
      message: 'The service is briefly unavailable. Please try again in a moment.',
    });
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await statusOf(p.token)).toBe('PENDING_PAYMENT');

    // Asked again where Stripe answers, the same return saves the card.
    expect((await api.post('/users/signup-complete', { sessionId }, p.token)).status).toBe(200);
    expect(await statusOf(p.token)).toBe('PENDING_CHARGE');
  } finally {
    await stripe.dropHeld();
    await stripe.resume();
  }
}, 60_000);

it('a session Stripe does not know, or another patient’s, is still 404 "Checkout session not found"', async () => {
  const [p, other] = [await patient(), await patient()];
  const unknown = await api.post('/users/signup-complete', { sessionId: 'cs_test_nosuchsession' }, p.token);
  expect({ status: unknown.status, message: unknown.body.message }).toEqual({
    status: 404,
    message: 'Checkout session not found',
  });

  const paid = await payCheckout(other.checkoutUrl, CARDS.ok);
  const othersSession = new URL(paid.location!).searchParams.get('session_id');
  const theirs = await api.post('/users/signup-complete', { sessionId: othersSession }, p.token);
  expect(theirs.status).toBe(404);
  expect(theirs.body.message).toBe('Checkout session not found');
  await eventually(async () => (await statusOf(other.token)) === 'PENDING_CHARGE', "the other patient's card saved");
  expect(await statusOf(p.token)).toBe('PENDING_PAYMENT');
}, 60_000);

const UNAVAILABLE = {
  status: 503,
  code: 'service-unavailable',
  message: 'The service is briefly unavailable. Please try again in a moment.',
};

it('Add Payment Method while Stripe is down: 503 with Retry-After, and a checkout link once Stripe answers', async () => {
  const p = await patient();
  const res = await apiClient(cutOff.apiUrl).post('/subscriptions', {}, p.token);
  expect({ status: res.status, code: res.body.error?.code, message: res.body.message }).toEqual(UNAVAILABLE);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(await statusOf(p.token)).toBe('PENDING_PAYMENT');

  const again = await api.post('/subscriptions', {}, p.token);
  expect(again.status).toBe(201);
  expect(again.body.data.checkoutUrl).toMatch(/^https?:\/\//);
}, 60_000);

it('a checkout webhook whose card cannot be read from Stripe: 503 (Stripe sends it again), nothing saved', async () => {
  const p = await patient();
  const [sub] = (await api.get('/subscriptions/active', p.token)).body.data.subscriptions;
  const payload = JSON.stringify({
    id: 'evt_test_unreachable',
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_unreachable',
        object: 'checkout.session',
        setup_intent: 'seti_test_unreachable',
        metadata: { subscriptionId: sub.id },
      },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: stack.settings.STRIPE_WEBHOOK_SECRET });
  const res = await fetch(`${cutOff.apiUrl}/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  const body = (await res.json()) as { message: string; error?: { code: string } };
  expect({ status: res.status, code: body.error?.code, message: body.message }).toEqual(UNAVAILABLE);
  expect(await statusOf(p.token)).toBe('PENDING_PAYMENT');
}, 60_000);

it('Add Payment Method from two tabs at once, with no open subscription: both get the one opened, never a 500', async () => {
  const p = await patient();
  const [sub] = (await api.get('/subscriptions/active', p.token)).body.data.subscriptions as { id: string }[];
  expect((await api.delete(`/subscriptions/${sub.id}?immediately=true`, p.token)).status).toBe(200);
  const db = stack.api.get(DataSource);
  // A subscription opening, not yet committed, when both tabs ask: both find none open, and both open one.
  const opening = db.createQueryRunner();
  await opening.connect();
  await opening.startTransaction();
  let answers: Promise<{ status: number; body: { data: { checkoutUrl?: string } } }[]>;
  let opened: string;
  try {
    [{ id: opened }] = await opening.query(
      `INSERT INTO subscriptions (user_id, tier, status, prescription_count, total_amount, pricing_breakdown)
       SELECT user_id, tier, 'PENDING_PAYMENT', prescription_count, total_amount, pricing_breakdown
         FROM subscriptions WHERE id = $1 RETURNING id`,
      [sub.id],
    );
    answers = Promise.all([api.post('/subscriptions', {}, p.token), api.post('/subscriptions', {}, p.token)]);
    await eventually(async () => {
      const [{ n }] = await db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      return n >= 2;
    }, 'both openings to wait on the one not committed');
    await opening.commitTransaction();
  } finally {
    if (opening.isTransactionActive) await opening.rollbackTransaction();
    await opening.release();
  }
  const [first, second] = await answers;
  expect([first.status, second.status]).toEqual([201, 201]);
  expect(first.body.data.checkoutUrl).toMatch(/^https?:\/\//);
  const open = (await api.get('/subscriptions/active', p.token)).body.data.subscriptions as { id: string }[];
  expect(open.map((s) => s.id)).toEqual([opened!]);
}, 60_000);
