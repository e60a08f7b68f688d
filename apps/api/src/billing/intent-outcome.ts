import type Stripe from 'stripe';
import { PAYMENT_FAILURES, type ChargeOutcome } from '@rxbridge/billing';

/** The id of a Stripe object given as its id or expanded. */
export const idOf = (object: string | { id: string } | null | undefined) =>
  typeof object === 'string' ? object : object?.id;

/**
 * What Stripe's payment_intent.succeeded or payment_intent.payment_failed says of a charge. A declined
 * intent no longer holds its card: Stripe detaches it and names it in `last_payment_error`, and that is
 * the card a late decline is checked against (applyChargeOutcome, docs/architecture.md §7).
 */
export function outcomeOfIntentEvent(
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  intent: Stripe.PaymentIntent,
): ChargeOutcome {
  if (type === 'payment_intent.succeeded') return { status: 'SUCCEEDED', paymentIntentId: intent.id };
  return {
    status: 'FAILED',
    paymentIntentId: intent.id,
    paymentMethodId: idOf(intent.last_payment_error?.payment_method ?? intent.payment_method),
    message: intent.last_payment_error?.message ?? PAYMENT_FAILURES.declined,
  };
}
