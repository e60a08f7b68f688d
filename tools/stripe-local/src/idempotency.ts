import { canonicalJson, type FormParams } from './form';
import { errorOutcome, findRoute, runRoute, type ApiOutcome, type Route } from './router';
import type { Account } from './state';

// Idempotency-Key as Stripe implements it: the first answer to a key is stored and replayed for
// 24 hours to the same request; the key used on another endpoint or with other params is an error.
// This is what lets a retry after a crash or a lost answer charge a card only once.

export interface StoredResponse extends ApiOutcome {
  method: string;
  path: string;
  /** canonicalJson of the request params: a replay must send the same ones. */
  fingerprint: string;
  createdAtMs: number;
}

const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Runs one API call, honouring its idempotency key. Synchronous from matching to storing the
 * answer, so two requests with one key can never both run.
 */
export function callApi(
  account: Account,
  routes: readonly Route[],
  request: { method: string; path: string; params: FormParams; idempotencyKey?: string },
): ApiOutcome & { replayed: boolean } {
  const { method, path, params, idempotencyKey } = request;
  const matched = findRoute(routes, method, path);
  if (!matched) {
    const message = `Unrecognized request URL (${method}: ${path}). stripe-local implements only what RxBridge calls: customers, checkout sessions (setup mode), setup intents and payment intents.`;
    return { ...errorOutcome(404, { type: 'invalid_request_error', message }), replayed: false };
  }
  if (!idempotencyKey) return { ...runRoute(account, matched, params), replayed: false };

  const keys = account.state.idempotency;
  const now = Date.now() + account.faults.clockOffsetMs;
  for (const [key, stored] of Object.entries(keys)) {
    if (now - stored.createdAtMs > KEY_LIFETIME_MS) delete keys[key];
  }
  const fingerprint = canonicalJson(params);
  const stored = Object.hasOwn(keys, idempotencyKey) ? keys[idempotencyKey] : undefined;
  if (stored) {
    const refusal =
      stored.method !== method || stored.path !== path
        ? `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.method} ${stored.path}' vs '${method} ${path}').`
        : stored.fingerprint !== fingerprint
          ? 'Keys for idempotent requests can only be used with the same parameters they were first used with.'
          : undefined;
    if (refusal) {
      const message = `${refusal} Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
      return { ...errorOutcome(400, { type: 'idempotency_error', message }), replayed: false };
    }
    return { status: stored.status, body: stored.body, replayed: true };
  }

  const outcome = runRoute(account, matched, params);
  // Like Stripe: a call that ran (a success or a card decline) is kept; a rejected request is not,
  // so it can be corrected and sent again with the same key.
  if (outcome.status < 400 || outcome.status === 402) {
    keys[idempotencyKey] = { method, path, fingerprint, ...outcome, createdAtMs: now };
  }
  return { ...outcome, replayed: false };
}
