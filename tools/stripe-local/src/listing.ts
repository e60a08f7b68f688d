import { invalidRequest } from './errors';
import type { FormParams } from './form';
import { optionalInteger, optionalString, stringList } from './params';
import type { StripeList } from './objects';

/** Stripe's cursor pagination over items already sorted newest first. */
export function paginate<T extends { id: string }>(items: T[], params: FormParams, url: string): StripeList<T> {
  const limit = optionalInteger(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100)
    throw invalidRequest('This value must be between 1 and 100 (it currently is ' + limit + ').', 'limit');
  const startingAfter = optionalString(params, 'starting_after');
  const endingBefore = optionalString(params, 'ending_before');

  let window = items;
  if (startingAfter) {
    const index = items.findIndex((item) => item.id === startingAfter);
    if (index < 0) throw invalidRequest(`No such object: '${startingAfter}'`, 'starting_after', 'resource_missing');
    window = items.slice(index + 1);
  } else if (endingBefore) {
    const index = items.findIndex((item) => item.id === endingBefore);
    if (index < 0) throw invalidRequest(`No such object: '${endingBefore}'`, 'ending_before', 'resource_missing');
    window = items.slice(Math.max(0, index - limit), index);
    return { object: 'list', data: window, has_more: index - limit > 0, url };
  }
  return { object: 'list', data: window.slice(0, limit), has_more: window.length > limit, url };
}

/** Newest first, as Stripe lists; ties (same second) keep insertion order reversed. */
export function newestFirst<T extends { created: number }>(items: Iterable<T>): T[] {
  return [...items].reverse().sort((a, b) => b.created - a.created);
}

/**
 * Replaces ids with the objects they name along each `expand[]` path ("setup_intent",
 * "data.customer", "invoice_settings.default_payment_method").
 */
export function expand(body: unknown, params: FormParams, lookup: (id: string) => unknown): unknown {
  const paths = stringList(params, 'expand');
  for (const path of paths) {
    if (path.split('.').length > 4)
      throw invalidRequest(`You cannot expand more than 4 levels of a property: ${path}`, 'expand');
    expandPath(body, path.split('.'), lookup);
  }
  return body;
}

function expandPath(node: unknown, segments: string[], lookup: (id: string) => unknown): void {
  if (Array.isArray(node)) {
    node.forEach((item) => expandPath(item, segments, lookup));
    return;
  }
  if (!node || typeof node !== 'object' || segments.length === 0) return;
  const record = node as Record<string, unknown>;
  const [head, ...rest] = segments;
  if (!(head in record)) throw invalidRequest(`This property cannot be expanded (${head}).`, 'expand');
  const value = record[head];
  if (rest.length === 0) {
    if (typeof value === 'string') {
      const found = lookup(value);
      if (found === undefined) throw invalidRequest(`This property cannot be expanded (${head}).`, 'expand');
      record[head] = structuredClone(found);
    }
    return;
  }
  expandPath(value, rest, lookup);
}
