import { invalidRequest, StripeApiError, type StripeErrorBody } from './errors';
import type { FormParams } from './form';
import { stringList } from './params';
import { findById, type Account } from './state';

/** One API endpoint; `ids` are the path's :placeholders in order. */
export interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handle: (params: FormParams, ids: string[]) => { id: string };
}

export function route(method: Route['method'], path: string, handle: Route['handle']): Route {
  return { method, pattern: new RegExp(`^${path.replace(/:\w+/g, '([^/]+)')}$`), handle };
}

export interface ApiOutcome {
  status: number;
  body: unknown;
}

export function errorOutcome(status: number, error: StripeErrorBody): ApiOutcome {
  return { status, body: { error } };
}

export function findRoute(routes: readonly Route[], method: string, path: string) {
  for (const candidate of routes) {
    const match = candidate.method === method ? candidate.pattern.exec(path) : null;
    if (match) return { route: candidate, ids: match.slice(1).map(decodeURIComponent) };
  }
  return undefined;
}

/** Runs a matched endpoint and turns a thrown StripeApiError into Stripe's error answer. */
export function runRoute(account: Account, matched: NonNullable<ReturnType<typeof findRoute>>, params: FormParams) {
  try {
    const result = matched.route.handle(params, matched.ids);
    // Expand a copy: stored objects keep ids, as Stripe stores them.
    return { status: 200, body: expand(account, structuredClone(result), params) };
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    return errorOutcome(error.status, error.body);
  }
}

/**
 * `expand[]=payment_method`: replaces an id field with the object it names. One level only, the
 * depth the product asks for; a deeper path is refused rather than silently left unexpanded.
 */
function expand(account: Account, body: { id: string }, params: FormParams): unknown {
  const record = body as unknown as Record<string, unknown>;
  for (const field of stringList(params, 'expand')) {
    const value = record[field];
    const found = typeof value === 'string' ? findById(account.state, value) : undefined;
    if (field.includes('.') || (value !== null && found === undefined)) {
      throw invalidRequest(`This property cannot be expanded (${field}).`, 'expand');
    }
    if (found !== undefined) record[field] = structuredClone(found);
  }
  return body;
}
