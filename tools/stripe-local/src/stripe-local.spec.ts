import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { startStripeLocal, type StripeLocal } from './index';

// Drives stripe-local only through the official SDK and real HTTP, as the app does, and only with
// the calls the app makes.

const WEBHOOK_SECRET = 'whsec_stripe_local_spec';

interface ReceivedWebhook {
  rawBody: string;
  signature: string;
  event: Stripe.Event;
}

/** A tiny webhook endpoint: verifies every delivery with the SDK and can be told to fail. */
class WebhookReceiver {
  received: ReceivedWebhook[] = [];
  /** Every request's event id and answer; 'dropped' when the connection was cut. */
  attempts: Array<{ eventId: string; answer: number | 'dropped' }> = [];
  /** Answers to give, one per request, before falling back to 200. */
  failWith: Array<number | 'drop'> = [];
  private server!: Server;
  url = '';

  async start(stripe: Stripe): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const signature = String(req.headers['stripe-signature']);
        const event = stripe.webhooks.constructEvent(rawBody, signature, WEBHOOK_SECRET);
        const answer = this.failWith.shift() ?? 200;
        this.attempts.push({ eventId: event.id, answer: answer === 'drop' ? 'dropped' : answer });
        if (answer === 'drop') return req.socket.destroy();
        if (answer === 200) this.received.push({ rawBody, signature, event });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhook`;
  }

  types(): string[] {
    return this.received.map((r) => r.event.type);
  }

  answersFor(eventId: string): Array<number | 'dropped'> {
    return this.attempts.filter((a) => a.eventId === eventId).map((a) => a.answer);
  }

  async waitFor(count: number, timeoutMs = 5000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline)
        throw new Error(`Expected ${count} webhooks, got ${this.received.length}: ${this.types().join(', ')}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.received;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function sdkFor(server: StripeLocal, key = 'sk_test_stripe_local'): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: server.port, protocol: 'http' });
}

/** Forgets deliveries so far, once none are still on their way. */
async function clearWebhooks(): Promise<void> {
  await server.webhooksIdle();
  receiver.received = [];
  receiver.attempts = [];
}

let server: StripeLocal;
let stripe: Stripe;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  server = await startStripeLocal({ port: 0, webhookSecret: WEBHOOK_SECRET, webhookRetryDelaysMs: [50, 100] });
  stripe = sdkFor(server);
  await receiver.start(stripe);
  server.setWebhookUrl(receiver.url);
});

afterAll(async () => {
  await server.close();
  await receiver.stop();
});

beforeEach(async () => {
  await clearWebhooks();
  server.reset();
  receiver.failWith = [];
});

afterEach(() => jest.restoreAllMocks());

async function newCheckout(customer: string): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.create({
    mode: 'setup',
    customer,
    currency: 'usd',
    allowed_payment_method_types: ['card'],
    success_url: 'http://127.0.0.1:9/billing/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1:9/billing/cancel',
    metadata: { userId: 'user-1' },
  });
}

/** Submits the hosted form as a browser without JavaScript would. */
function submitCard(session: Stripe.Checkout.Session, cardNumber: string): Promise<Response> {
  return fetch(session.url!, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber, expiry: '12 / 34', cvc: '123' }).toString(),
    redirect: 'manual',
  });
}

/** A customer with a card saved through checkout, read back the way the app reads it. */
async function customerWithCard(
  cardNumber = '4242 4242 4242 4242',
): Promise<{ customer: Stripe.Customer; paymentMethod: string }> {
  const customer = await stripe.customers.create({ email: 'ann@example.com' });
  const session = await newCheckout(customer.id);
  expect((await submitCard(session, cardNumber)).status).toBe(303);
  const done = await stripe.checkout.sessions.retrieve(session.id);
  const setupIntent = await stripe.setupIntents.retrieve(done.setup_intent as string);
  return { customer, paymentMethod: setupIntent.payment_method as string };
}

function chargeOffSession(customer: string, paymentMethod: string, options: Stripe.RequestOptions = {}) {
  return stripe.paymentIntents.create(
    {
      amount: 4900,
      currency: 'usd',
      customer,
      payment_method: paymentMethod,
      off_session: true,
      confirm: true,
      description: 'Ongoing Care, 2 prescriptions',
      metadata: { paymentId: 'pay-1' },
    },
    options,
  );
}

/** The other way to charge: create unconfirmed (the id can be stored), then confirm. */
function createUnconfirmed(customer: string, paymentMethod: string, options: Stripe.RequestOptions = {}) {
  return stripe.paymentIntents.create(
    { amount: 4900, currency: 'usd', customer, payment_method: paymentMethod, metadata: { paymentId: 'pay-1' } },
    options,
  );
}

async function local<T>(path: string, init?: { method?: string; json?: unknown }): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: init?.method ?? (init?.json ? 'POST' : 'GET'),
    headers: init?.json ? { 'Content-Type': 'application/json' } : undefined,
    body: init?.json ? JSON.stringify(init.json) : undefined,
  });
  return (await response.json()) as T;
}

const intentCounts = (customer: string) =>
  local<{ count: number; succeeded: number; canceled: number }>(`/_local/payment_intents/count?customer=${customer}`);
const countIntents = async (customer: string) => (await intentCounts(customer)).count;

const UNEXPECTED_STATE = {
  statusCode: 400,
  type: 'StripeInvalidRequestError',
  code: 'payment_intent_unexpected_state',
};

describe('the API surface', () => {
  it('refuses a key that is not a test secret key', async () => {
    const error = await sdkFor(server, 'sk_live_abcdefghijkl')
      .customers.create()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ message: expect.stringMatching(/Invalid API Key provided: sk_live_/) });
  });

  it('answers unknown ids with resource_missing', async () => {
    const error = await stripe.paymentIntents.retrieve('pi_nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
      message: "No such payment_intent: 'pi_nope'",
    });
  });

  it('answers 404 for endpoints the app does not call', async () => {
    await expect(stripe.refunds.create({ payment_intent: 'pi_1' })).rejects.toMatchObject({
      statusCode: 404,
      message: expect.stringContaining('Unrecognized request URL'),
    });
  });

  it('creates a customer', async () => {
    const customer = await stripe.customers.create({
      email: 'ann@example.com',
      name: 'Ann Lee',
      metadata: { userId: 'u1' },
    });
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'ann@example.com',
      name: 'Ann Lee',
      metadata: { userId: 'u1' },
    });
    expect(customer.id).toMatch(/^cus_/);
  });
});

describe('checkout in setup mode', () => {
  it('creates an open session with a hosted page that needs no JavaScript', async () => {
    const customer = await stripe.customers.create();
    const session = await newCheckout(customer.id);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'setup',
      status: 'open',
      setup_intent: null,
      customer: customer.id,
      allowed_payment_method_types: ['card'],
      payment_method_types: ['card'],
      metadata: { userId: 'user-1' },
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${server.url}/checkout/${session.id}`);

    const page = await fetch(session.url!);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<label for="cardNumber">Card number</label>');
    expect(html).toContain('nothing is charged today');
    expect(html.match(/<button/g)).toHaveLength(1);
    expect(html).toContain('href="http://127.0.0.1:9/billing/cancel"');
    expect(html).not.toContain('<script');
  });

  it('saves card 4242, redirects to the success url and sends a signed checkout.session.completed', async () => {
    const customer = await stripe.customers.create();
    const session = await newCheckout(customer.id);

    const response = await submitCard(session, '4242 4242 4242 4242');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`http://127.0.0.1:9/billing/success?session_id=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', url: null });
    const setupIntent = await stripe.setupIntents.retrieve(done.setup_intent as string, { expand: ['payment_method'] });
    expect(setupIntent).toMatchObject({ object: 'setup_intent', status: 'succeeded', customer: customer.id });
    expect(setupIntent.id).toMatch(/^seti_/);
    const paymentMethod = setupIntent.payment_method as Stripe.PaymentMethod;
    expect(paymentMethod).toMatchObject({
      object: 'payment_method',
      type: 'card',
      customer: customer.id,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
    });
    expect(paymentMethod.id).toMatch(/^pm_/);

    const [webhook] = await receiver.waitFor(1);
    expect(receiver.types()).toEqual(['checkout.session.completed']);
    expect(webhook.event.id).toMatch(/^evt_/);
    expect(webhook.event.data.object).toMatchObject({
      id: session.id,
      status: 'complete',
      customer: customer.id,
      setup_intent: setupIntent.id,
      metadata: { userId: 'user-1' },
    });
    expect(webhook.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => stripe.webhooks.constructEvent(webhook.rawBody, webhook.signature, 'whsec_wrong')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('expands one level only, and refuses a deeper path rather than ignore it', async () => {
    const session = await newCheckout((await stripe.customers.create()).id);
    await expect(
      stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent.payment_method'] }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'expand' });
  });

  it('completes a session only once', async () => {
    const customer = await stripe.customers.create();
    const session = await newCheckout(customer.id);
    expect((await submitCard(session, '4242424242424242')).status).toBe(303);
    const again = await submitCard(session, '4242424242424242');
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('already complete');
    await server.webhooksIdle();
    expect(receiver.types()).toEqual(['checkout.session.completed']);
  });

  it('declines card 0002 at checkout and keeps the session open', async () => {
    const customer = await stripe.customers.create();
    const session = await newCheckout(customer.id);
    const response = await submitCard(session, '4000 0000 0000 0002');
    expect(response.status).toBe(402);
    expect(await response.text()).toContain('Your card was declined.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    await server.webhooksIdle();
    expect(receiver.received).toHaveLength(0);
  });

  it('says an unknown card number is invalid', async () => {
    const customer = await stripe.customers.create();
    const session = await newCheckout(customer.id);
    const response = await submitCard(session, '1234 5678 9012 3456');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Your card number is invalid.');
  });

  it('refuses modes other than setup', async () => {
    await expect(
      stripe.checkout.sessions.create({ mode: 'payment', success_url: 'http://127.0.0.1:9/ok' }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'mode' });
  });

  it('saves cards only, and only when asked for by name', async () => {
    const customer = await stripe.customers.create();
    const create = (types?: string[]) =>
      stripe.checkout.sessions.create({
        mode: 'setup',
        customer: customer.id,
        currency: 'usd',
        success_url: 'http://127.0.0.1:9/ok',
        ...(types ? { allowed_payment_method_types: types } : {}),
      });
    for (const types of [undefined, ['us_bank_account'], ['card', 'us_bank_account']])
      await expect(create(types)).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        param: 'allowed_payment_method_types',
      });
    expect((await create(['card'])).payment_method_types).toEqual(['card']);
  });
});

describe('payment intents', () => {
  it('charges a saved card off-session in one call', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    await clearWebhooks();
    const intent = await chargeOffSession(customer.id, paymentMethod);
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 4900,
      currency: 'usd',
      customer: customer.id,
      payment_method: paymentMethod,
      metadata: { paymentId: 'pay-1' },
    });
    expect(intent.id).toMatch(/^pi_/);
    expect(await stripe.paymentIntents.retrieve(intent.id)).toEqual(intent);

    await receiver.waitFor(1);
    expect(receiver.received[0].event).toMatchObject({
      type: 'payment_intent.succeeded',
      data: { object: { id: intent.id, metadata: { paymentId: 'pay-1' } } },
    });
  });

  it('declines every charge on card 0341, which saved fine', async () => {
    const { customer, paymentMethod } = await customerWithCard('4000 0000 0000 0341');
    await clearWebhooks();
    const error = await chargeOffSession(customer.id, paymentMethod).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const cardError = error as Stripe.errors.StripeCardError;
    expect(cardError).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
    expect(cardError.message).toBe('Your card was declined.');
    expect(cardError.payment_intent).toMatchObject({ status: 'requires_payment_method', customer: customer.id });

    await receiver.waitFor(1);
    expect(receiver.received[0].event).toMatchObject({
      type: 'payment_intent.payment_failed',
      data: {
        object: { id: cardError.payment_intent!.id, last_payment_error: { message: 'Your card was declined.' } },
      },
    });
  });

  it('creates unconfirmed, then confirms; a second confirm is refused with the intent', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    await clearWebhooks();
    const created = await createUnconfirmed(customer.id, paymentMethod);
    expect(created).toMatchObject({ status: 'requires_confirmation', payment_method: paymentMethod });
    await server.webhooksIdle();
    expect(receiver.received).toHaveLength(0);
    expect(await stripe.paymentIntents.retrieve(created.id)).toMatchObject({ status: 'requires_confirmation' });

    const confirmed = await stripe.paymentIntents.confirm(created.id, { off_session: true });
    expect(confirmed).toMatchObject({ id: created.id, status: 'succeeded' });
    expect(await stripe.paymentIntents.retrieve(created.id)).toMatchObject({ status: 'succeeded' });
    await receiver.waitFor(1);
    expect(receiver.types()).toEqual(['payment_intent.succeeded']);

    const again = await stripe.paymentIntents.confirm(created.id).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again).toMatchObject({
      code: 'payment_intent_unexpected_state',
      payment_intent: { id: created.id, status: 'succeeded' },
    });
    expect(await countIntents(customer.id)).toBe(1);
  });

  it('declines on confirm as on a confirmed create', async () => {
    const { customer, paymentMethod } = await customerWithCard('4000000000000341');
    const created = await createUnconfirmed(customer.id, paymentMethod);
    const error = await stripe.paymentIntents.confirm(created.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(await stripe.paymentIntents.retrieve(created.id)).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: { code: 'card_declined', payment_method: { id: paymentMethod } },
    });
  });

  it('takes off_session only on the call that confirms, as Stripe does', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    await expect(
      stripe.paymentIntents.create({
        amount: 4900,
        currency: 'usd',
        customer: customer.id,
        payment_method: paymentMethod,
        off_session: true,
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'off_session' });
  });

  it('refuses a card that belongs to another customer', async () => {
    const { paymentMethod } = await customerWithCard();
    const stranger = await stripe.customers.create();
    await expect(chargeOffSession(stranger.id, paymentMethod)).rejects.toMatchObject({
      param: 'payment_method',
      statusCode: 400,
    });
  });
});

describe('cancelling a payment intent', () => {
  it('cancels an unconfirmed intent with its reason and sends payment_intent.canceled', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const created = await createUnconfirmed(customer.id, paymentMethod);
    expect(created).toMatchObject({ canceled_at: null, cancellation_reason: null });
    await clearWebhooks();

    const canceled = await stripe.paymentIntents.cancel(created.id, { cancellation_reason: 'requested_by_customer' });
    expect(canceled).toMatchObject({
      id: created.id,
      status: 'canceled',
      cancellation_reason: 'requested_by_customer',
      canceled_at: expect.any(Number),
    });
    expect(Math.abs(canceled.canceled_at! - Date.now() / 1000)).toBeLessThan(60);
    expect(await stripe.paymentIntents.retrieve(created.id)).toEqual(canceled);
    await receiver.waitFor(1);
    expect(receiver.received[0].event).toMatchObject({
      type: 'payment_intent.canceled',
      data: { object: { id: created.id, status: 'canceled', metadata: { paymentId: 'pay-1' } } },
    });
    expect(await intentCounts(customer.id)).toMatchObject({ count: 1, succeeded: 0, canceled: 1 });
  });

  it('cancels a declined intent, with no reason given', async () => {
    const { customer, paymentMethod } = await customerWithCard('4000000000000341');
    const created = await createUnconfirmed(customer.id, paymentMethod);
    await expect(stripe.paymentIntents.confirm(created.id)).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(await stripe.paymentIntents.cancel(created.id)).toMatchObject({
      status: 'canceled',
      cancellation_reason: null,
    });
  });

  it('refuses to cancel a succeeded intent, or one already canceled, with the intent', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const charged = await chargeOffSession(customer.id, paymentMethod);
    const error = await stripe.paymentIntents.cancel(charged.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      ...UNEXPECTED_STATE,
      message: expect.stringContaining('because it has a status of succeeded'),
      payment_intent: { id: charged.id, status: 'succeeded' },
    });
    expect(await stripe.paymentIntents.retrieve(charged.id)).toMatchObject({ status: 'succeeded', canceled_at: null });

    const unconfirmed = await createUnconfirmed(customer.id, paymentMethod);
    await stripe.paymentIntents.cancel(unconfirmed.id);
    await expect(stripe.paymentIntents.cancel(unconfirmed.id)).rejects.toMatchObject({
      ...UNEXPECTED_STATE,
      payment_intent: { id: unconfirmed.id, status: 'canceled' },
    });
  });

  it('refuses a later confirm of a canceled intent: no charge, no payment_intent.succeeded', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const created = await createUnconfirmed(customer.id, paymentMethod);
    await stripe.paymentIntents.cancel(created.id);
    await clearWebhooks();

    const error = await stripe.paymentIntents
      .confirm(created.id, { payment_method: paymentMethod, off_session: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      ...UNEXPECTED_STATE,
      message: expect.stringContaining('because it has a status of canceled'),
      payment_intent: { id: created.id, status: 'canceled' },
    });
    expect(await stripe.paymentIntents.retrieve(created.id)).toMatchObject({ status: 'canceled' });
    await server.webhooksIdle();
    expect(receiver.received).toHaveLength(0);
    expect(await intentCounts(customer.id)).toMatchObject({ count: 1, succeeded: 0, canceled: 1 });
  });

  it('refuses a reason Stripe does not take, and cancels nothing', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const created = await createUnconfirmed(customer.id, paymentMethod);
    await expect(
      stripe.paymentIntents.cancel(created.id, {
        cancellation_reason: 'because' as Stripe.PaymentIntentCancelParams.CancellationReason,
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'cancellation_reason' });
    expect(await stripe.paymentIntents.retrieve(created.id)).toMatchObject({ status: 'requires_confirmation' });
  });

  it('replays a cancel sent again with its idempotency key', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const created = await createUnconfirmed(customer.id, paymentMethod);
    const options = { idempotencyKey: 'payment:pay-1:cancel' };
    const first = await stripe.paymentIntents.cancel(created.id, {}, options);
    expect(await stripe.paymentIntents.cancel(created.id, {}, options)).toEqual(first);
    await server.webhooksIdle();
    expect(receiver.types().filter((t) => t === 'payment_intent.canceled')).toHaveLength(1);
  });

  it('is refused while payment intents are down, and runs when they are back', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const created = await createUnconfirmed(customer.id, paymentMethod);
    await local('/_local/faults', { json: { paymentIntentsDown: true } });
    await expect(stripe.paymentIntents.cancel(created.id)).rejects.toMatchObject({ statusCode: 500 });
    await local('/_local/faults', { json: { paymentIntentsDown: false } });
    expect(await stripe.paymentIntents.cancel(created.id)).toMatchObject({ status: 'canceled' });
  });

  it('refuses a confirm still on its way when the intent was canceled (confirmDelayMs)', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const created = await createUnconfirmed(customer.id, paymentMethod);
    expect(await local('/_local/faults', { json: { confirmDelayMs: 300 } })).toMatchObject({ confirmDelayMs: 300 });
    const onItsWay = stripe.paymentIntents.confirm(created.id, { off_session: true }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    expect(await stripe.paymentIntents.cancel(created.id)).toMatchObject({ status: 'canceled' });
    expect(await onItsWay).toMatchObject({ ...UNEXPECTED_STATE, payment_intent: { status: 'canceled' } });
    expect(await intentCounts(customer.id)).toMatchObject({ succeeded: 0, canceled: 1 });
  });
});

describe('idempotency keys', () => {
  it('replay the answer to the same call without charging twice', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const options = { idempotencyKey: 'payment:1:attempt:1' };
    const first = await chargeOffSession(customer.id, paymentMethod, options);
    const second = await chargeOffSession(customer.id, paymentMethod, options);
    expect(second).toEqual(first);
    expect(await countIntents(customer.id)).toBe(1);
  });

  it('replay one customer for one key', async () => {
    const options = { idempotencyKey: 'customer:sub-1' };
    const first = await stripe.customers.create({ email: 'a@example.com', metadata: { userId: '1' } }, options);
    const second = await stripe.customers.create({ metadata: { userId: '1' }, email: 'a@example.com' }, options);
    expect(second.id).toBe(first.id);
  });

  it('replay a card decline too', async () => {
    const { customer, paymentMethod } = await customerWithCard('4000000000000341');
    const options = { idempotencyKey: 'decline-once' };
    const charge = () =>
      chargeOffSession(customer.id, paymentMethod, options).catch((e: unknown) => e as Stripe.errors.StripeCardError);
    const first = await charge();
    const second = await charge();
    expect(second).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(second.payment_intent!.id).toBe(first.payment_intent!.id);
    expect(await countIntents(customer.id)).toBe(1);
  });

  it('let a retry find the unconfirmed intent again and confirm it once', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const created = await createUnconfirmed(customer.id, paymentMethod, { idempotencyKey: 'payment:2:create' });
    const replayed = await createUnconfirmed(customer.id, paymentMethod, { idempotencyKey: 'payment:2:create' });
    expect(replayed.id).toBe(created.id);

    const confirm = () => stripe.paymentIntents.confirm(created.id, {}, { idempotencyKey: 'payment:2:confirm' });
    const confirmed = await confirm();
    // The answer was lost: the same confirm again replays it instead of refusing a second confirm.
    expect(await confirm()).toEqual(confirmed);
    expect(confirmed.status).toBe('succeeded');
    await server.webhooksIdle();
    expect(receiver.types().filter((t) => t === 'payment_intent.succeeded')).toHaveLength(1);
    expect(await countIntents(customer.id)).toBe(1);
  });

  it('refuse a key reused with different parameters or on another endpoint', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    await chargeOffSession(customer.id, paymentMethod, { idempotencyKey: 'same-key' });
    const otherParams = await stripe.paymentIntents
      .create(
        { amount: 7900, currency: 'usd', customer: customer.id, payment_method: paymentMethod, confirm: true },
        { idempotencyKey: 'same-key' },
      )
      .catch((e: unknown) => e);
    expect(otherParams).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((otherParams as Error).message).toContain('same parameters');

    const otherEndpoint = await stripe.customers.create({}, { idempotencyKey: 'same-key' }).catch((e: unknown) => e);
    expect(otherEndpoint).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((otherEndpoint as Error).message).toContain('same endpoint');
  });

  it('do not keep a refused request, so it can be corrected and sent again', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const options = { idempotencyKey: 'fix-me' };
    await expect(
      stripe.paymentIntents.create({ amount: 10, currency: 'usd', customer: customer.id }, options),
    ).rejects.toMatchObject({ code: 'amount_too_small' });
    expect((await createUnconfirmed(customer.id, paymentMethod, options)).amount).toBe(4900);
  });

  it('expire after 24 hours', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const options = { idempotencyKey: 'a-day-old' };
    const first = await createUnconfirmed(customer.id, paymentMethod, options);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 24 * 60 * 60 * 1000 + 1000);
    const later = await createUnconfirmed(customer.id, paymentMethod, options);
    expect(later.id).not.toBe(first.id);
  });
});

describe('webhooks and test controls', () => {
  it('retries a failed or cut delivery with backoff', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    await clearWebhooks();
    receiver.failWith = [503, 'drop'];
    const intent = await chargeOffSession(customer.id, paymentMethod);
    await receiver.waitFor(1);
    await server.webhooksIdle();
    const [{ event }] = receiver.received;
    expect(event.data.object).toMatchObject({ id: intent.id });
    expect(receiver.answersFor(event.id)).toEqual([503, 'dropped', 200]);
  });

  it('gives up after the last retry', async () => {
    const customer = await stripe.customers.create();
    receiver.failWith = [500, 500, 500];
    await submitCard(await newCheckout(customer.id), '4242424242424242');
    await server.webhooksIdle();
    expect(receiver.attempts.map((a) => a.answer)).toEqual([500, 500, 500]);
    expect(receiver.received).toHaveLength(0);
  });

  it('lists events by type and redelivers one, to test duplicate handling', async () => {
    const { customer } = await customerWithCard();
    const events = await local<{ data: Stripe.Event[] }>('/_local/events?type=checkout.session.completed');
    expect(events.data).toHaveLength(1);
    expect(events.data[0].data.object).toMatchObject({ customer: customer.id });
    await receiver.waitFor(1);
    await local(`/_local/events/${events.data[0].id}/redeliver`, { method: 'POST' });
    await receiver.waitFor(2);
    expect(receiver.received.map((r) => r.event.id)).toEqual([events.data[0].id, events.data[0].id]);
  });

  it('holds events while paused and sends them in a chosen order', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    await clearWebhooks();

    await local('/_local/webhooks/pause', { method: 'POST' });
    const first = await chargeOffSession(customer.id, paymentMethod);
    const second = await createUnconfirmed(customer.id, paymentMethod).then((pi) =>
      stripe.paymentIntents.confirm(pi.id),
    );
    await server.webhooksIdle();
    expect(receiver.received).toHaveLength(0);

    const held = await local<{ paused: boolean; held: string[] }>('/_local/webhooks');
    expect(held).toMatchObject({ paused: true, held: [expect.any(String), expect.any(String)] });
    await local('/_local/webhooks/deliver', { json: { event_ids: [...held.held].reverse() } });
    expect(receiver.received.map((r) => (r.event.data.object as Stripe.PaymentIntent).id)).toEqual([
      second.id,
      first.id,
    ]);

    await local('/_local/webhooks/resume', { method: 'POST' });
    expect(await local('/_local/webhooks')).toMatchObject({ paused: false, held: [] });
    expect(await countIntents(customer.id)).toBe(2);
  });
});

describe('state file', () => {
  it('keeps customers, cards and idempotency keys across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stripe-local-'));
    const stateFile = join(dir, 'state.json');
    try {
      const before = await startStripeLocal({ webhookSecret: WEBHOOK_SECRET, stateFile });
      const customer = await sdkFor(before).customers.create({ email: 'kept@example.com' }, { idempotencyKey: 'k' });
      await before.close();

      const after = await startStripeLocal({ webhookSecret: WEBHOOK_SECRET, stateFile });
      const again = await sdkFor(after).customers.create({ email: 'kept@example.com' }, { idempotencyKey: 'k' });
      expect(again.id).toBe(customer.id);
      await after.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
