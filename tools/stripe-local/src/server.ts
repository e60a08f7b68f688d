import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LocalAccount, type CardForm } from './account';
import { renderCheckoutNotice, renderCheckoutPage } from './checkout-page';
import { StripeApiError, type StripeErrorBody } from './errors';
import { canonicalJson, parseForm, type FormParams } from './form';
import { newId } from './ids';
import { expand } from './listing';
import { optionalString, stringList } from './params';
import { loadState, saveState, type StoredResponse } from './state';
import { WebhookDispatcher } from './webhooks';

export interface StripeLocalOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  webhookUrl?: string;
  /** The endpoint's signing secret (whsec_...), the one the app verifies with. */
  webhookSecret: string;
  /** JSON file that keeps the account across restarts; in memory only when absent. */
  stateFile?: string;
  /** Base URL of checkout links when the browser reaches the server by another address. */
  publicUrl?: string;
  /** Name shown on the checkout page. */
  businessName?: string;
  /** Delays before each webhook retry; its length is the number of retries. */
  webhookRetryDelaysMs?: readonly number[];
  /** api_version written into events. */
  apiVersion?: string;
}

export interface StripeLocal {
  url: string;
  port: number;
  close(): Promise<void>;
  setWebhookUrl(url: string | undefined): void;
  /** Resolves once no webhook delivery is in flight or waiting for a retry. */
  webhooksIdle(): Promise<void>;
  /** Forgets every object, event, delivery and idempotency key. */
  reset(): void;
}

/** The API version of the stripe SDK this repo installs (stripe 23.1.0). */
export const DEFAULT_API_VERSION = '2026-10-28.endive';
const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const MAX_BODY_BYTES = 1024 * 1024;

class PayloadTooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new PayloadTooLarge('Request body is larger than 1 MB.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify(body, null, 2));
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(html);
}

function apiError(status: number, error: StripeErrorBody): { status: number; body: { error: StripeErrorBody } } {
  return { status, body: { error } };
}

/** Accepts any test-mode secret key, by Bearer (as the SDK sends it) or Basic auth (as curl -u does). */
function authenticate(req: IncomingMessage): StripeErrorBody | undefined {
  const header = req.headers.authorization ?? '';
  const [scheme, credentials = ''] = header.split(' ');
  let key = '';
  if (scheme === 'Bearer') key = credentials.trim();
  else if (scheme === 'Basic') key = Buffer.from(credentials, 'base64').toString('utf8').split(':')[0];
  if (!key) {
    return {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    };
  }
  if (!key.startsWith('sk_test_')) {
    const masked =
      key.length > 8 ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : key;
    return { type: 'invalid_request_error', message: `Invalid API Key provided: ${masked}` };
  }
  return undefined;
}

type Handler = (params: FormParams, ids: string[]) => unknown;
interface Route {
  method: string;
  pattern: RegExp;
  handle: Handler;
}

function route(method: string, path: string, handle: Handler): Route {
  const pattern = new RegExp(`^${path.replace(/:\w+/g, '([^/]+)')}$`);
  return { method, pattern, handle };
}

function matchRoute(routes: Route[], method: string, path: string): { route: Route; ids: string[] } | undefined {
  for (const candidate of routes) {
    const match = candidate.method === method ? candidate.pattern.exec(path) : null;
    if (match) return { route: candidate, ids: match.slice(1).map(decodeURIComponent) };
  }
  return undefined;
}

/** Starts a Stripe-compatible server for the official SDK: `new Stripe(key, { host, port, protocol: 'http' })`. */
export async function startStripeLocal(options: StripeLocalOptions): Promise<StripeLocal> {
  const host = options.host ?? '127.0.0.1';
  const businessName = options.businessName ?? 'RxBridge';
  let baseUrl = '';

  const dispatcher = new WebhookDispatcher({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    retryDelaysMs: options.webhookRetryDelaysMs ?? [500, 2_000, 8_000, 30_000],
    timeoutMs: 10_000,
    findEvent: (id) => account.state.events[id],
  });
  const account = new LocalAccount(loadState(options.stateFile), {
    checkoutBaseUrl: () => options.publicUrl?.replace(/\/$/, '') ?? baseUrl,
    apiVersion: options.apiVersion ?? DEFAULT_API_VERSION,
    onEvent: (event) => dispatcher.dispatch(event),
  });
  const persist = () => {
    if (options.stateFile) saveState(options.stateFile, account.state);
  };

  const apiRoutes: Route[] = [
    route('POST', '/v1/customers', (p) => account.createCustomer(p)),
    route('GET', '/v1/customers/:id', (_, [id]) => account.retrieveCustomer(id)),
    route('POST', '/v1/customers/:id', (p, [id]) => account.updateCustomer(id, p)),
    route('GET', '/v1/customers/:id/payment_methods', (p, [id]) => account.listPaymentMethods(p, id)),
    route('POST', '/v1/checkout/sessions', (p) => account.createCheckoutSession(p)),
    route('GET', '/v1/checkout/sessions/:id', (_, [id]) => account.retrieveCheckoutSession(id)),
    route('POST', '/v1/checkout/sessions/:id/expire', (_, [id]) => account.expireCheckoutSession(id)),
    route('GET', '/v1/setup_intents/:id', (_, [id]) => account.retrieveSetupIntent(id)),
    route('GET', '/v1/payment_methods', (p) => account.listPaymentMethods(p)),
    route('GET', '/v1/payment_methods/:id', (_, [id]) => account.retrievePaymentMethod(id)),
    route('POST', '/v1/payment_methods/:id/attach', (p, [id]) => account.attachPaymentMethod(id, p)),
    route('POST', '/v1/payment_methods/:id/detach', (_, [id]) => account.detachPaymentMethod(id)),
    route('POST', '/v1/payment_intents', (p) => account.createPaymentIntent(p)),
    route('GET', '/v1/payment_intents', (p) => account.listPaymentIntents(p)),
    route('GET', '/v1/payment_intents/:id', (_, [id]) => account.retrievePaymentIntent(id)),
    route('POST', '/v1/payment_intents/:id/confirm', (p, [id]) => account.confirmPaymentIntent(id, p)),
    route('GET', '/v1/charges/:id', (_, [id]) => account.retrieveCharge(id)),
    route('POST', '/v1/refunds', (p) => account.createRefund(p)),
    route('GET', '/v1/refunds', (p) => account.listRefunds(p)),
    route('GET', '/v1/refunds/:id', (_, [id]) => account.retrieveRefund(id)),
    route('GET', '/v1/events', (p) => account.listEvents(p)),
    route('GET', '/v1/events/:id', (_, [id]) => account.retrieveEvent(id)),
  ];

  /** Runs one API call; synchronous from here on, so an idempotency key can never race itself. */
  function runApiCall(
    method: string,
    path: string,
    params: FormParams,
    idempotencyKey: string | undefined,
    requestId: string,
  ) {
    const matched = matchRoute(apiRoutes, method, path);
    if (!matched) {
      return {
        ...apiError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path}). stripe-local implements customers, checkout sessions (setup mode), setup intents, payment methods, payment intents, refunds and events.`,
        }),
        replayed: undefined as StoredResponse | undefined,
      };
    }

    const fingerprint = canonicalJson(params);
    if (idempotencyKey) {
      const now = Date.now();
      for (const [key, stored] of Object.entries(account.state.idempotency)) {
        if (now - stored.createdAtMs > IDEMPOTENCY_KEY_LIFETIME_MS) delete account.state.idempotency[key];
      }
      const stored = account.state.idempotency[idempotencyKey];
      if (stored && (stored.method !== method || stored.path !== path)) {
        return {
          ...apiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.method} ${stored.path}' vs '${method} ${path}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          }),
          replayed: undefined,
        };
      }
      if (stored && stored.fingerprint !== fingerprint) {
        return {
          ...apiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          }),
          replayed: undefined,
        };
      }
      if (stored) return { status: stored.status, body: stored.body, replayed: stored };
    }

    let outcome: { status: number; body: unknown };
    try {
      const result = matched.route.handle(params, matched.ids);
      // Expand a copy: stored objects keep ids, as Stripe stores them.
      outcome = { status: 200, body: expand(structuredClone(result), params, (id) => account.find(id)) };
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      outcome = apiError(error.status, error.body);
    }
    // Like Stripe: a call that ran (success or card decline) is saved; a rejected request is not.
    if (idempotencyKey && (outcome.status < 400 || outcome.status === 402)) {
      account.state.idempotency[idempotencyKey] = {
        method,
        path,
        fingerprint,
        ...outcome,
        requestId,
        createdAtMs: Date.now(),
      };
    }
    return { ...outcome, replayed: undefined };
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const requestId = newId('req', 14);
    const method = req.method ?? 'GET';
    const headers: Record<string, string> = {
      'Request-Id': requestId,
      'Stripe-Version': String(req.headers['stripe-version'] ?? options.apiVersion ?? DEFAULT_API_VERSION),
    };
    const authError = authenticate(req);
    if (authError) {
      // Drain the body so the kept-alive connection stays usable for the next request.
      await readBody(req).catch(() => undefined);
      sendJson(res, 401, { error: authError }, headers);
      return;
    }
    const body = method === 'POST' ? await readBody(req) : '';
    const params = method === 'POST' ? parseForm(body) : parseForm(url.search.slice(1));
    const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;

    const outcome = runApiCall(method, url.pathname, params, idempotencyKey, requestId);
    if (outcome.replayed) {
      headers['Idempotent-Replayed'] = 'true';
      headers['Original-Request'] = outcome.replayed.requestId;
    } else if (method === 'POST') {
      persist();
    }
    sendJson(res, outcome.status, outcome.body, headers);
  }

  function renderSessionState(
    res: ServerResponse,
    id: string,
    error?: { status: number; message: string; form?: CardForm },
  ): void {
    let session;
    try {
      session = account.retrieveCheckoutSession(id);
    } catch {
      sendHtml(
        res,
        404,
        renderCheckoutNotice(
          'Checkout not found',
          'This checkout link is not valid. Please start again from the app.',
          businessName,
        ),
      );
      return;
    }
    if (session.status === 'complete') {
      const href = session.success_url.replace(/\{CHECKOUT_SESSION_ID\}/g, session.id);
      sendHtml(
        res,
        error ? 409 : 200,
        renderCheckoutNotice(
          'Your card is saved',
          'This checkout is already complete. Nothing was charged.',
          businessName,
          { href, text: `Return to ${businessName}` },
        ),
      );
      return;
    }
    if (session.status === 'expired') {
      const link = session.cancel_url ? { href: session.cancel_url, text: `Return to ${businessName}` } : undefined;
      sendHtml(
        res,
        error ? 409 : 410,
        renderCheckoutNotice(
          'This checkout has expired',
          'Please start again from the app to save your card.',
          businessName,
          link,
        ),
      );
      return;
    }
    sendHtml(
      res,
      error?.status ?? 200,
      renderCheckoutPage(session, businessName, { error: error?.message, values: error?.form }),
    );
  }

  async function handleCheckout(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    if (req.method === 'GET') {
      renderSessionState(res, id);
      return;
    }
    if (req.method !== 'POST') {
      sendHtml(res, 405, renderCheckoutNotice('Not allowed', 'Use the form to save your card.', businessName));
      return;
    }
    const fields = parseForm(await readBody(req));
    const form: CardForm = {
      cardNumber: optionalString(fields, 'cardNumber') ?? '',
      expiry: optionalString(fields, 'expiry') ?? '',
      cvc: optionalString(fields, 'cvc') ?? '',
      name: optionalString(fields, 'name') ?? '',
    };
    let result;
    try {
      result = account.completeCheckout(id, form);
    } catch {
      renderSessionState(res, id);
      return;
    }
    if (!result.completed) {
      renderSessionState(res, id, { status: result.status, message: result.message, form });
      return;
    }
    persist();
    res.writeHead(303, { Location: result.redirectUrl, 'Cache-Control': 'no-store' });
    res.end();
  }

  async function handleLocal(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const raw = method === 'POST' ? await readBody(req) : '';
    const isJson = (req.headers['content-type'] ?? '').includes('application/json');
    const params: FormParams =
      method === 'POST' ? (isJson && raw ? JSON.parse(raw) : parseForm(raw)) : parseForm(url.search.slice(1));
    const path = url.pathname.replace(/\/$/, '');
    const fail = (status: number, message: string) => sendJson(res, status, { error: { message } });
    let match: RegExpExecArray | null;

    if (method === 'GET' && path === '/_local') {
      sendJson(res, 200, LOCAL_CONTROLS);
    } else if (method === 'GET' && path === '/_local/events') {
      sendJson(res, 200, { object: 'list', data: account.eventsInOrder(optionalString(params, 'type')) });
    } else if (method === 'GET' && path === '/_local/deliveries') {
      sendJson(res, 200, { object: 'list', data: dispatcher.list(optionalString(params, 'event_id')) });
    } else if (method === 'POST' && (match = /^\/_local\/events\/([^/]+)\/redeliver$/.exec(path))) {
      const event = account.state.events[match[1]];
      if (!event) return fail(404, `No such event: '${match[1]}'`);
      try {
        sendJson(res, 200, await dispatcher.redeliver(event));
      } catch (error) {
        fail(409, (error as Error).message);
      }
    } else if (method === 'GET' && path === '/_local/webhooks') {
      sendJson(res, 200, dispatcher.status());
    } else if (method === 'POST' && path === '/_local/webhooks') {
      dispatcher.setUrl(optionalString(params, 'url'));
      sendJson(res, 200, dispatcher.status());
    } else if (method === 'POST' && path === '/_local/webhooks/pause') {
      dispatcher.pause();
      sendJson(res, 200, dispatcher.status());
    } else if (method === 'POST' && path === '/_local/webhooks/resume') {
      sendJson(res, 200, { object: 'list', data: await dispatcher.resume() });
    } else if (method === 'POST' && path === '/_local/webhooks/deliver') {
      try {
        sendJson(res, 200, { object: 'list', data: await dispatcher.releaseHeld(stringList(params, 'event_ids')) });
      } catch (error) {
        fail(400, (error as Error).message);
      }
    } else if (method === 'GET' && path === '/_local/payment_intents/count') {
      const customer = optionalString(params, 'customer');
      if (!customer) return fail(400, 'Pass ?customer=cus_... to count its payment intents.');
      sendJson(res, 200, account.paymentIntentCounts(customer));
    } else if (method === 'POST' && path === '/_local/reset') {
      reset();
      sendJson(res, 200, { reset: true });
    } else {
      fail(404, `Unknown test control ${method} ${path}. GET /_local lists them.`);
    }
  }

  function reset(): void {
    account.reset();
    dispatcher.reset();
    persist();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stripe-local');
    const checkout = /^\/checkout\/([^/]+)\/?$/.exec(url.pathname);
    const handled = url.pathname.startsWith('/v1/')
      ? handleApi(req, res, url)
      : checkout
        ? handleCheckout(req, res, decodeURIComponent(checkout[1]))
        : url.pathname === '/_local' || url.pathname.startsWith('/_local/')
          ? handleLocal(req, res, url)
          : Promise.resolve(
              sendJson(res, 404, {
                error: {
                  type: 'invalid_request_error',
                  message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
                },
              }),
            );
    handled.catch((error: unknown) => {
      if (res.headersSent) return res.end();
      if (error instanceof PayloadTooLarge)
        return sendJson(res, 413, { error: { type: 'invalid_request_error', message: error.message } });
      const message = error instanceof Error ? error.message : String(error);
      sendJson(res, 500, { error: { type: 'api_error', message: `stripe-local failed: ${message}` } });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url: baseUrl,
    port,
    setWebhookUrl: (webhookUrl) => dispatcher.setUrl(webhookUrl),
    webhooksIdle: () => dispatcher.whenIdle(),
    reset,
    close: () =>
      new Promise<void>((resolve, reject) => {
        dispatcher.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** GET /_local: the test controls, which are not part of Stripe's API. */
const LOCAL_CONTROLS = {
  controls: [
    'GET  /_local/events?type=             events, oldest first',
    'GET  /_local/deliveries?event_id=     webhook deliveries and their attempts',
    'POST /_local/events/{id}/redeliver    send an event again (duplicate delivery)',
    'GET  /_local/webhooks                 webhook url, paused flag, held event ids',
    'POST /_local/webhooks {url}           change the webhook url',
    'POST /_local/webhooks/pause           hold new events instead of sending them',
    'POST /_local/webhooks/deliver {event_ids: [...]}  send held events in this order',
    'POST /_local/webhooks/resume          send every held event in order and unpause',
    'GET  /_local/payment_intents/count?customer=cus_...',
    'POST /_local/reset                    forget everything',
  ],
};
