import Stripe from 'stripe';
import { PAYMENT_FAILURES, type ChargeOutcome } from '@rxbridge/billing';

// What Stripe's refusals of a call on a payment's intent mean for the payment (docs/architecture.md §7).

/** A payment not charged because its subscription was cancelled (no "payment did not go through" email). */
export const notCharged = (paymentIntentId: string | null): ChargeOutcome => ({
  status: 'FAILED',
  paymentIntentId,
  message: PAYMENT_FAILURES.subscriptionCancelled,
});

/** The intent's status when Stripe refused a call for it (payment_intent_unexpected_state), else undefined. */
export function unexpectedStateOf(err: unknown): Stripe.PaymentIntent.Status | undefined {
  return err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state'
    ? err.payment_intent?.status
    : undefined;
}

/**
 * The outcome of a confirm or cancel Stripe refused because the intent had settled meanwhile: succeeded is paid,
 * canceled is not charged (only a cancelled subscription cancels its intent). Null for any other refusal.
 */
export function settledMeanwhile(intentId: string, err: unknown): ChargeOutcome | null {
  const status = unexpectedStateOf(err);
  if (status === 'succeeded') return { status: 'SUCCEEDED', paymentIntentId: intentId };
  return status === 'canceled' ? notCharged(intentId) : null;
}
