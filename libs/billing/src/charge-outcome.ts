import type { EntityManager } from 'typeorm';
import { billingPeriod, nextSubscriptionStatus, renewsMonthly } from '@rxbridge/domain';
import { appendToOutbox } from '@rxbridge/events';
import { lockPayment, updatePayment } from './payment.repository';
import { lockSubscription, updateSubscription } from './subscription.repository';

export type ChargeOutcome =
  | { status: 'SUCCEEDED'; paymentIntentId: string }
  | {
      status: 'FAILED';
      paymentIntentId: string | null;
      message: string;
      /** The card that was declined: a decline of a card since replaced settles nothing. */
      paymentMethodId?: string | null;
    };

/**
 * Records the result of a charge, whoever learns it first: the worker that made the call, or
 * Stripe's webhook (after a worker died between the call and this write). Only a PENDING payment
 * changes, so the second to arrive, a replayed webhook or a late one, is a no-op.
 */
export async function applyChargeOutcome(
  manager: EntityManager,
  paymentId: string,
  outcome: ChargeOutcome,
): Promise<boolean> {
  const payment = await lockPayment(manager, paymentId);
  if (!payment || payment.status !== 'PENDING') return false;
  const sub = await lockSubscription(manager, payment.subscriptionId);
  if (!sub) return false;
  // A period has one intent, retried with each new card (docs/architecture.md §7): a late decline of
  // the previous card must not fail the attempt with the new one.
  if (
    outcome.status === 'FAILED' &&
    outcome.paymentMethodId &&
    sub.stripePaymentMethodId &&
    outcome.paymentMethodId !== sub.stripePaymentMethodId
  ) {
    return false;
  }

  if (outcome.status === 'SUCCEEDED') {
    await updatePayment(manager, payment.id, {
      status: 'SUCCEEDED',
      stripePaymentIntentId: outcome.paymentIntentId,
      failureMessage: null,
    });
    // Periods count from the first successful charge, so the billing day never drifts.
    const anchor = sub.billingAnchor ?? new Date();
    const period = billingPeriod(anchor, payment.periodIndex);
    await updateSubscription(manager, sub.id, {
      status: nextSubscriptionStatus(sub.status, 'CHARGE_SUCCEEDED'),
      billingAnchor: anchor,
      periodsCharged: Math.max(sub.periodsCharged, payment.periodIndex + 1),
      currentPeriodStart: renewsMonthly(sub.tier) ? period.start : null,
      currentPeriodEnd: renewsMonthly(sub.tier) ? period.end : null,
    });
  } else {
    await updatePayment(manager, payment.id, {
      status: 'FAILED',
      stripePaymentIntentId: outcome.paymentIntentId,
      failureMessage: outcome.message.slice(0, 300),
    });
    await updateSubscription(manager, sub.id, { status: nextSubscriptionStatus(sub.status, 'CHARGE_FAILED') });
  }
  await appendToOutbox(
    manager,
    'payment.settled',
    { paymentId: payment.id, subscriptionId: sub.id, userId: sub.userId, status: outcome.status },
    sub.userId,
  );
  return true;
}
