import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleCheckoutPage } from './checkout-page';
import { checkoutSessionRoutes } from './checkout-sessions';
import { handleControl } from './controls';
import { customerRoutes } from './customers';
import type { StripeErrorBody } from './errors';
import { newEvent } from './events/events';
import { WebhookSender } from './events/webhooks';
import { parseForm } from './form';
import { PayloadTooLarge, readBody, sendJson } from './http';
import { callApi } from './idempotency';
import { paymentIntentRoutes } from './payment-intents';
import { setupIntentRoutes } from './setup-intents';
import { emptyState, loadState, noFaults, saveState, type Account } from './state';

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
  /** Delays before each webhook retry; its length is the number of retries. */
  webhookRetryDelaysMs?: readonly number[];
}

export interface StripeLocal {
  url: string;
  port: number;
  close(): Promise<void>;
  setWebhookUrl(url: string | undefined): void;
  /** Resolves once no webhook delivery is in flight or waiting for a retry. */
  webhooksIdle(): Promise<void>;
  /** Forgets every object, event, held webhook and idempotency key. */
  reset(): void;
}

/** Accepts any test-mode secret key, sent as the SDK sends it (Bearer). */
function authenticate(req: IncomingMessage): StripeErrorBody | undefined {
  const [scheme, key = ''] = (req.headers.authorization ?? '').split(' ');
  if (scheme !== 'Bearer' || !key) {
    return { type: 'invalid_request_error', message: 'You did not provide an API key.' };
  }
  if (!key.startsWith('sk_test_')) {
    return { type: 'invalid_request_error', message: `Invalid API Key provided: ${key.slice(0, 8)}***` };
  }
  return undefined;
}

/** Starts a Stripe-compatible server for the official SDK: `new Stripe(key, { host, port, protocol: 'http' })`. */
export async function startStripeLocal(options: StripeLocalOptions): Promise<StripeLocal> {
  const host = options.host ?? '127.0.0.1';
  let baseUrl = '';
  const webhooks = new WebhookSender({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    retryDelaysMs: options.webhookRetryDelaysMs ?? [500, 2_000, 8_000, 30_000],
    timeoutMs: 10_000,
  });
  const account: Account = {
    state: loadState(options.stateFile),
    emit(type, object) {
      const event = newEvent(type, object);
      account.state.events[event.id] = event;
      webhooks.send(event);
    },
    checkoutBaseUrl: () => options.publicUrl?.replace(/\/$/, '') ?? baseUrl,
    faults: noFaults(),
  };
  const persist = () => {
    if (options.stateFile) saveState(options.stateFile, account.state);
  };
  const routes = [
    ...customerRoutes(account),
    ...checkoutSessionRoutes(account),
    ...setupIntentRoutes(account),
    ...paymentIntentRoutes(account),
  ];

  /** Confirmations on their way, each landing once its delay is over or its intent was canceled (confirmDelayMs). */
  const landings = new Set<() => void>();
  function onItsWay(intentId: string, delayMs: number): Promise<void> {
    return new Promise((resolve) => {
      const land = () => {
        clearTimeout(timer);
        landings.delete(landIfCanceled);
        resolve();
      };
      const landIfCanceled = () => {
        if (account.state.paymentIntents[intentId]?.status === 'canceled') land();
      };
      const timer = setTimeout(land, delayMs);
      landings.add(landIfCanceled);
    });
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    // Read in any case, so a kept-alive connection stays usable after a refusal.
    const body = await readBody(req);
    const authError = authenticate(req);
    if (authError) return sendJson(res, 401, { error: authError });
    const params = parseForm(method === 'POST' ? body : url.search.slice(1));
    const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const idempotencyKey = typeof key === 'string' && key ? key : undefined;
    const paymentIntents = url.pathname.startsWith('/v1/payment_intents');
    if (paymentIntents && account.faults.paymentIntentsDown) {
      return sendJson(res, 500, { error: { type: 'api_error', message: 'stripe-local: payment intents are down.' } });
    }
    const confirmation = paymentIntents && url.pathname.endsWith('/confirm');
    if (confirmation && account.faults.confirmDelayMs > 0) {
      // The call is on its way: it runs on what the account holds when it lands, its intent canceled meanwhile included.
      await onItsWay(url.pathname.split('/')[3], account.faults.confirmDelayMs);
    }
    const outcome = callApi(account, routes, { method, path: url.pathname, params, idempotencyKey });
    for (const landed of [...landings]) landed();
    if (method === 'POST' && !outcome.replayed) persist();
    const lost = account.faults.loseAnswers;
    if (paymentIntents && (lost === 'all' || (lost === 'confirm' && confirmation))) {
      // The call ran; its answer is lost on the way back.
      return void res.socket?.destroy();
    }
    sendJson(res, outcome.status, outcome.body);
  }

  function reset(): void {
    account.state = emptyState();
    account.faults = noFaults();
    webhooks.reset();
    persist();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stripe-local');
    const checkout = /^\/checkout\/([^/]+)\/?$/.exec(url.pathname);
    const handled = url.pathname.startsWith('/v1/')
      ? handleApi(req, res, url)
      : checkout
        ? handleCheckoutPage(account, req, res, decodeURIComponent(checkout[1]), persist)
        : url.pathname.startsWith('/_local/')
          ? handleControl(account, webhooks, req, res, url)
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
      if (error instanceof PayloadTooLarge) {
        return sendJson(res, 413, { error: { type: 'invalid_request_error', message: error.message } });
      }
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
    setWebhookUrl: (webhookUrl) => webhooks.setUrl(webhookUrl),
    webhooksIdle: () => webhooks.whenIdle(),
    reset,
    close: () =>
      new Promise<void>((resolve, reject) => {
        webhooks.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
