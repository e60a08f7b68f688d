import type { Logger } from '@nestjs/common';
import { serviceUnavailable } from '@rxbridge/platform';
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

/** Stripe down or failing: the API's 503 (docs/architecture.md §6 Outages), its cause logged; any other failure as it is (a 500). */
export function stripeDownOrThrow(err: unknown, logger: Logger): never {
  if (!isStripeUnavailable(err)) throw err;
  logger.warn({ err }, 'Stripe could not be reached');
  throw serviceUnavailable();
}
