import Stripe from 'stripe';

/** Stripe's answer that the object asked for does not exist ("No such checkout.session: ..."). */
export function isResourceMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeError && err.code === 'resource_missing';
}

/**
 * Stripe down or failing rather than refusing the request: no connection or no answer in time, its own error
 * (5xx), or too many requests. A refusal of what was asked (a bad key, a bad parameter) is a fault of ours.
 */
export function isStripeUnavailable(err: unknown): boolean {
  return (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    (err instanceof Stripe.errors.StripeError && (err.statusCode ?? 0) >= 500)
  );
}

/** Stripe down gets the API's one 503 answer, built in the platform (docs/architecture.md §6 Outages). */
export { serviceUnavailable } from '@rxbridge/platform';
