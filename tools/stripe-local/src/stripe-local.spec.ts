import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { startStripeLocal, type StripeLocal } from './index';

// Drives stripe-local only through the official SDK and real HTTP, as the app does.

const WEBHOOK_SECRET = 'whsec_stripe_local_spec';

interface ReceivedWebhook {
  rawBody: string;
  signature: string;
  event: Stripe.Event;
}

/** A tiny webhook endpoint: verifies every delivery with the SDK and can be told to fail. */
class WebhookReceiver {
  received: ReceivedWebhook[] = [];
  /** Status codes to answer with, one per request, before falling back to 200. */
  failWith: number[] = [];
  private server!: Server;
  url = '';

  async start(stripe: Stripe): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const signature = String(req.headers['stripe-signature']);
        const status = this.failWith.shift() ?? 200;
        if (status === 200) {
          const event = stripe.webhooks.constructEvent(rawBody, signature, WEBHOOK_SECRET);
          this.received.push({ rawBody, signature, event });
        }
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhook`;
  }

  types(): string[] {
    return this.received.map((r) => r.event.type);
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

async function newCheckout(customer: string): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.create({
    mode: 'setup',
    customer,
    currency: 'usd',
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
    body: new URLSearchParams({ cardNumber, expiry: '12 / 34', cvc: '123', name: 'Ann Lee' }).toString(),
    redirect: 'manual',
  });
}

async function customerWithCard(
  cardNumber = '4242 4242 4242 4242',
): Promise<{ customer: Stripe.Customer; paymentMethod: string }> {
  const customer = await stripe.customers.create({ email: 'ann@example.com' });
  const session = await newCheckout(customer.id);
  expect((await submitCard(session, cardNumber)).status).toBe(303);
  const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent'] });
  const setupIntent = done.setup_intent as Stripe.SetupIntent;
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
      metadata: { subscriptionId: 'sub-1' },
    },
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

describe('authentication', () => {
  it('refuses a key that is not a test secret key', async () => {
    await expect(sdkFor(server, 'sk_live_abcdefghijkl').customers.create()).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(sdkFor(server, 'sk_live_abcdefghijkl').customers.create()).rejects.toThrow(
      /Invalid API Key provided: sk_live_/,
    );
  });

  it('answers unknown ids with resource_missing', async () => {
    const error = await stripe.customers.retrieve('cus_nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: 'resource_missing', statusCode: 404, message: "No such customer: 'cus_nope'" });
  });
});

describe('customers', () => {
  it('creates, retrieves and updates a customer, merging metadata', async () => {
    const created = await stripe.customers.create({
      email: 'ann@example.com',
      name: 'Ann Lee',
      metadata: { userId: 'u1', plan: 'x' },
    });
    expect(created).toMatchObject({
      object: 'customer',
      email: 'ann@example.com',
      livemode: false,
      metadata: { userId: 'u1', plan: 'x' },
    });
    expect(created.id).toMatch(/^cus_/);

    const updated = await stripe.customers.update(created.id, { name: 'Ann B. Lee', metadata: { plan: '' } });
    expect(updated).toMatchObject({ name: 'Ann B. Lee', metadata: { userId: 'u1' } });
    expect(await stripe.customers.retrieve(created.id)).toMatchObject({ name: 'Ann B. Lee' });
  });

  it('sets the default payment method only to a card the customer owns', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const updated = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: paymentMethod },
    });
    expect(updated.invoice_settings.default_payment_method).toBe(paymentMethod);

    const stranger = await stripe.customers.create();
    await expect(
      stripe.customers.update(stranger.id, { invoice_settings: { default_payment_method: paymentMethod } }),
    ).rejects.toMatchObject({ param: 'invoice_settings[default_payment_method]' });
  });
});

describe('checkout in setup mode', () => {
  it('creates an open session with a hosted page', async () => {
    const customer = await stripe.customers.create();
    const session = await newCheckout(customer.id);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'setup',
      status: 'open',
      setup_intent: null,
      customer: customer.id,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${server.url}/checkout/${session.id}`);

    const page = await fetch(session.url!);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<label for="cardNumber">Card number</label>');
    expect(html).toContain('Save a card for future payments');
    expect(html).toContain('nothing is charged today');
    expect(html.match(/<button/g)).toHaveLength(1);
    expect(html).toContain('href="http://127.0.0.1:9/billing/cancel"');
    expect(html).not.toContain('<script');
  });

  it('saves card 4242, redirects to the success url and sends signed webhooks', async () => {
    const customer = await stripe.customers.create();
    const session = await newCheckout(customer.id);

    const response = await submitCard(session, '4242 4242 4242 4242');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`http://127.0.0.1:9/billing/success?session_id=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent'] });
    expect(done.status).toBe('complete');
    const setupIntent = done.setup_intent as Stripe.SetupIntent;
    expect(setupIntent).toMatchObject({ object: 'setup_intent', status: 'succeeded', customer: customer.id });
    expect(setupIntent.id).toMatch(/^seti_/);
    expect(await stripe.setupIntents.retrieve(setupIntent.id)).toMatchObject({
      id: setupIntent.id,
      status: 'succeeded',
    });

    const paymentMethod = await stripe.paymentMethods.retrieve(setupIntent.payment_method as string);
    expect(paymentMethod).toMatchObject({
      type: 'card',
      customer: customer.id,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
    });
    expect(paymentMethod.id).toMatch(/^pm_/);
    const listed = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(listed.data.map((pm) => pm.id)).toEqual([paymentMethod.id]);
    const listedByCustomer = await stripe.customers.listPaymentMethods(customer.id);
    expect(listedByCustomer.data).toHaveLength(1);

    const webhooks = await receiver.waitFor(2);
    expect(receiver.types()).toEqual(['setup_intent.succeeded', 'checkout.session.completed']);
    const completed = webhooks[1].event;
    expect(completed).toMatchObject({ object: 'event', livemode: false, type: 'checkout.session.completed' });
    expect(completed.id).toMatch(/^evt_/);
    expect(completed.data.object).toMatchObject({
      id: session.id,
      status: 'complete',
      setup_intent: setupIntent.id,
      metadata: { userId: 'user-1' },
    });
    expect(webhooks[1].signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => stripe.webhooks.constructEvent(webhooks[1].rawBody, webhooks[1].signature, 'whsec_wrong')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('completes a session only once', async () => {
    const customer = await stripe.customers.create();
    const session = await newCheckout(customer.id);
    expect((await submitCard(session, '4242424242424242')).status).toBe(303);
    const again = await submitCard(session, '4242424242424242');
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('already complete');
    expect((await stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data).toHaveLength(1);
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

  it('refuses payment modes it does not implement', async () => {
    await expect(
      stripe.checkout.sessions.create({ mode: 'payment', success_url: 'http://127.0.0.1:9/ok' }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'mode' });
  });
});

describe('off-session payment intents', () => {
  it('charges a saved card', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    await clearWebhooks();
    const intent = await chargeOffSession(customer.id, paymentMethod);
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 4900,
      amount_received: 4900,
      customer: customer.id,
      metadata: { subscriptionId: 'sub-1' },
    });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.latest_charge).toMatch(/^ch_/);

    expect(await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] })).toMatchObject({
      latest_charge: {
        object: 'charge',
        status: 'succeeded',
        amount: 4900,
        payment_method_details: { card: { last4: '4242' } },
      },
    });
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data.map((pi) => pi.id)).toEqual([intent.id]);

    await receiver.waitFor(1);
    expect(receiver.received[0].event).toMatchObject({
      type: 'payment_intent.succeeded',
      data: { object: { id: intent.id } },
    });
  });

  it('declines every charge on card 0341, which saved fine', async () => {
    const { customer, paymentMethod } = await customerWithCard('4000 0000 0000 0341');
    await clearWebhooks();
    const error = await chargeOffSession(customer.id, paymentMethod).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const cardError = error as Stripe.errors.StripeCardError;
    expect(cardError.statusCode).toBe(402);
    expect(cardError.code).toBe('card_declined');
    expect(cardError.decline_code).toBe('generic_decline');
    expect(cardError.message).toBe('Your card was declined.');
    expect(cardError.payment_intent).toMatchObject({ status: 'requires_payment_method', customer: customer.id });

    await receiver.waitFor(1);
    expect(receiver.received[0].event).toMatchObject({
      type: 'payment_intent.payment_failed',
      data: { object: { id: cardError.payment_intent!.id, last_payment_error: { code: 'card_declined' } } },
    });
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

describe('idempotency', () => {
  it('replays the stored answer for a repeated key without charging twice', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const first = await chargeOffSession(customer.id, paymentMethod, {
      idempotencyKey: 'subscription:sub-1:period:2025-01-01',
    });
    const second = await chargeOffSession(customer.id, paymentMethod, {
      idempotencyKey: 'subscription:sub-1:period:2025-01-01',
    });
    expect(second.id).toBe(first.id);
    expect(await local(`/_local/payment_intents/count?customer=${customer.id}`)).toEqual({
      customer: customer.id,
      count: 1,
      succeeded: 1,
      failed: 0,
    });
  });

  it('marks a replay with Idempotent-Replayed and keeps the status', async () => {
    const send = () =>
      fetch(`${server.url}/v1/customers`, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer sk_test_x',
          'Content-Type': 'application/x-www-form-urlencoded',
          'Idempotency-Key': 'k-1',
        },
        body: 'email=a%40example.com&metadata[userId]=1',
      });
    const first = await send();
    const second = await send();
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.status).toBe(first.status);
    expect(await second.text()).toBe(await first.text());
  });

  it('replays a card decline too', async () => {
    const { customer, paymentMethod } = await customerWithCard('4000000000000341');
    const options = { idempotencyKey: 'decline-once' };
    const first = (await chargeOffSession(customer.id, paymentMethod, options).catch(
      (e: unknown) => e,
    )) as Stripe.errors.StripeCardError;
    const second = (await chargeOffSession(customer.id, paymentMethod, options).catch(
      (e: unknown) => e,
    )) as Stripe.errors.StripeCardError;
    expect(second).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(second.payment_intent!.id).toBe(first.payment_intent!.id);
    expect(await local(`/_local/payment_intents/count?customer=${customer.id}`)).toMatchObject({ count: 1, failed: 1 });
  });

  it('rejects a key reused with different parameters', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    await chargeOffSession(customer.id, paymentMethod, { idempotencyKey: 'same-key' });
    const error = await stripe.paymentIntents
      .create(
        {
          amount: 7900,
          currency: 'usd',
          customer: customer.id,
          payment_method: paymentMethod,
          off_session: true,
          confirm: true,
        },
        { idempotencyKey: 'same-key' },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((error as Error).message).toContain('same parameters');
  });
});

describe('refunds', () => {
  it('refunds part, then the rest, then refuses more', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const intent = await chargeOffSession(customer.id, paymentMethod);
    await clearWebhooks();

    const partial = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    expect(partial).toMatchObject({
      object: 'refund',
      amount: 1000,
      status: 'succeeded',
      payment_intent: intent.id,
      charge: intent.latest_charge,
    });
    expect(partial.id).toMatch(/^re_/);
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(3900);
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });

    await receiver.waitFor(2);
    expect(receiver.types()).toEqual(['charge.refunded', 'charge.refunded']);
    expect(receiver.received[1].event.data.object).toMatchObject({
      object: 'charge',
      amount_refunded: 4900,
      refunded: true,
    });
  });

  it('refuses to refund more than was charged', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const intent = await chargeOffSession(customer.id, paymentMethod);
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 5000 })).rejects.toMatchObject({
      code: 'amount_too_large',
      param: 'amount',
    });
  });
});

describe('events and webhook controls', () => {
  it('answers stored events through the events API', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const intent = await chargeOffSession(customer.id, paymentMethod);
    const events = await stripe.events.list({ type: 'payment_intent.succeeded' });
    expect(events.data).toHaveLength(1);
    expect(events.data[0].data.object).toMatchObject({ id: intent.id });
    expect(await stripe.events.retrieve(events.data[0].id)).toMatchObject({
      id: events.data[0].id,
      type: 'payment_intent.succeeded',
    });
    expect((await stripe.events.list()).data.map((e) => e.type)).toEqual([
      'payment_intent.succeeded',
      'checkout.session.completed',
      'setup_intent.succeeded',
    ]);
  });

  it('retries a failed delivery with backoff', async () => {
    receiver.failWith = [500];
    const { customer, paymentMethod } = await customerWithCard();
    await clearWebhooks();
    receiver.failWith = [503, 500];
    await chargeOffSession(customer.id, paymentMethod);
    await receiver.waitFor(1);
    await server.webhooksIdle();

    const deliveries = await local<{
      data: Array<{ eventType: string; status: string; attempts: Array<{ statusCode: number }> }>;
    }>('/_local/deliveries');
    const charged = deliveries.data.find((d) => d.eventType === 'payment_intent.succeeded')!;
    expect(charged.status).toBe('succeeded');
    expect(charged.attempts.map((a) => a.statusCode)).toEqual([503, 500, 200]);
  });

  it('gives up after the last retry', async () => {
    const customer = await stripe.customers.create();
    // Two events (setup_intent.succeeded, checkout.session.completed), each tried 1 + 2 times.
    receiver.failWith = [500, 500, 500, 500, 500, 500];
    const session = await newCheckout(customer.id);
    await submitCard(session, '4242424242424242');
    await server.webhooksIdle();
    const deliveries = await local<{ data: Array<{ status: string; attempts: unknown[] }> }>('/_local/deliveries');
    expect(deliveries.data.map((d) => [d.status, d.attempts.length])).toEqual([
      ['failed', 3],
      ['failed', 3],
    ]);
    expect(receiver.received).toHaveLength(0);
  });

  it('retries when the endpoint refuses the connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/webhook`;
    await new Promise((resolve) => closed.close(resolve));
    server.setWebhookUrl(deadUrl);
    try {
      await stripe.customers
        .create()
        .then((c) => newCheckout(c.id))
        .then((s) => submitCard(s, '4242424242424242'));
      await server.webhooksIdle();
      const deliveries = await local<{ data: Array<{ status: string; attempts: Array<{ error: string | null }> }> }>(
        '/_local/deliveries',
      );
      expect(deliveries.data[0].status).toBe('failed');
      expect(deliveries.data[0].attempts).toHaveLength(3);
      expect(deliveries.data[0].attempts[0].error).toMatch(/ECONNREFUSED/);
    } finally {
      server.setWebhookUrl(receiver.url);
    }
  });

  it('redelivers an event to test duplicate handling', async () => {
    await customerWithCard();
    await receiver.waitFor(2);
    const completed = receiver.received.find((r) => r.event.type === 'checkout.session.completed')!;
    await local(`/_local/events/${completed.event.id}/redeliver`, { method: 'POST' });
    await receiver.waitFor(3);
    expect(receiver.received.filter((r) => r.event.id === completed.event.id)).toHaveLength(2);
  });

  it('holds events while paused and sends them in a chosen order', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    await clearWebhooks();

    await local('/_local/webhooks/pause', { method: 'POST' });
    const first = await chargeOffSession(customer.id, paymentMethod);
    const refund = await stripe.refunds.create({ payment_intent: first.id });
    await server.webhooksIdle();
    expect(receiver.received).toHaveLength(0);

    const held = await local<{ paused: boolean; held: string[] }>('/_local/webhooks');
    expect(held.paused).toBe(true);
    expect(held.held).toHaveLength(2);
    const [succeeded, refunded] = held.held;

    await local('/_local/webhooks/deliver', { json: { event_ids: [refunded, succeeded] } });
    expect(receiver.types()).toEqual(['charge.refunded', 'payment_intent.succeeded']);
    expect(receiver.received[0].event.data.object).toMatchObject({ id: refund.charge });

    await local('/_local/webhooks/resume', { method: 'POST' });
    expect((await local<{ paused: boolean; held: string[] }>('/_local/webhooks')).held).toEqual([]);
    expect(receiver.received).toHaveLength(2);
  });
});

describe('state file', () => {
  it('keeps customers and cards across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stripe-local-'));
    const stateFile = join(dir, 'state.json');
    try {
      const before = await startStripeLocal({ webhookSecret: WEBHOOK_SECRET, stateFile });
      const customer = await sdkFor(before).customers.create({ email: 'kept@example.com' });
      await before.close();

      const after = await startStripeLocal({ webhookSecret: WEBHOOK_SECRET, stateFile });
      expect(await sdkFor(after).customers.retrieve(customer.id)).toMatchObject({ email: 'kept@example.com' });
      await after.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
