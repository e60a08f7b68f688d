import type { EntityManager } from 'typeorm';
import { SOCKET_EVENTS, userRoom, type SocketPaymentUpdated } from '@rxbridge/contracts';
import type { Payment, Subscription } from '@rxbridge/database';
import { billingPeriod, nextSubscriptionStatus, renewsMonthly } from '@rxbridge/domain';
import { appendToOutbox } from '@rxbridge/events';
import { PAYMENT_FAILURES } from './payment-descriptions';
import { findPayment, lockPayment, updatePayment } from './payment.repository';
import { lockSubscription, updateSubscription, type SubscriptionChanges } from './subscription.repository';

export type ChargeOutcome =
  | { status: 'SUCCEEDED'; paymentIntentId: string }
  | {
      status: 'FAILED';
      paymentIntentId: string | null;
      message: string;
      /**
       * The card that was declined: a decline of a card since replaced settles nothing, and the period is not
       * retried with this card again.
       */
      paymentMethodId?: string | null;
    };

/**
 * What the answer to confirming a period's intent with a card says of the charge: paid; still being taken
 * (`processing`: a bank debit settles days later), null, so the payment stays PENDING until Stripe's
 * payment_intent.succeeded or payment_failed, or the reconciliation's next look, settles it; otherwise not completed
 * (docs/architecture.md §7).
 */
export function outcomeOfConfirm(
  intent: { id: string; status: string },
  paymentMethodId: string,
): ChargeOutcome | null {
  if (intent.status === 'succeeded') return { status: 'SUCCEEDED', paymentIntentId: intent.id };
  if (intent.status === 'processing') return null;
  return { status: 'FAILED', paymentIntentId: intent.id, paymentMethodId, message: PAYMENT_FAILURES.notCompleted };
}

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
  const seen = await findPayment(manager, paymentId);
  if (!seen || seen.status !== 'PENDING') return false;
  // The subscription first, then the payment: the order a charge takes them in (chargePeriod), so an outcome arriving
  // while its period is being charged waits for the charge instead of deadlocking with it.
  const sub = await lockSubscription(manager, seen.subscriptionId);
  const payment = await lockPayment(manager, paymentId);
  if (!sub || !payment || payment.status !== 'PENDING') return false;
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
    // Periods count from the first successful charge, so the billing day never drifts. An older period paid
    // late (its charge pending while later ones were charged) moves nothing back: the current period stays the
    // latest settled, or the renewal sweep would charge the next month at once.
    const anchor = sub.billingAnchor ?? new Date();
    const upTo = Math.max(sub.periodsCharged, payment.periodIndex + 1);
    await updateSubscription(manager, sub.id, {
      status: nextSubscriptionStatus(sub.status, 'CHARGE_SUCCEEDED'),
      billingAnchor: anchor,
      ...periodsSettled(sub, anchor, upTo, upTo - 1),
    });
  } else {
    await updatePayment(manager, payment.id, {
      status: 'FAILED',
      stripePaymentIntentId: outcome.paymentIntentId,
      failureMessage: outcome.message.slice(0, 300),
      // The card declined: the period's next attempt waits for another one (docs/architecture.md §7).
      failedPaymentMethodId: outcome.paymentMethodId ?? null,
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

/**
 * A subscription's periods settled up to `upTo` (the next to charge), its current period `current`: the
 * columns a charge's success writes, and a period passed uncharged.
 */
function periodsSettled(sub: Subscription, anchor: Date, upTo: number, current: number): SubscriptionChanges {
  const period = billingPeriod(anchor, current);
  return {
    periodsCharged: upTo,
    currentPeriodStart: renewsMonthly(sub.tier) ? period.start : null,
    currentPeriodEnd: renewsMonthly(sub.tier) ? period.end : null,
  };
}

/**
 * Moves a monthly subscription (locked by the caller) past the periods before `upTo` without charging them
 * (docs/product.md §4 Charging): a month that came due at $0, and the months a renewal no longer charges because
 * they are over. Its current period becomes the last one passed; the dashboard hears of it.
 */
export async function passPeriodsUncharged(manager: EntityManager, sub: Subscription, upTo: number): Promise<void> {
  if (!sub.billingAnchor || upTo <= sub.periodsCharged) return;
  await updateSubscription(manager, sub.id, periodsSettled(sub, sub.billingAnchor, upTo, upTo - 1));
  await appendToOutbox(manager, 'subscription.changed', { subscriptionId: sub.id, userId: sub.userId }, sub.userId);
}

/**
 * A period's charge began: its payment was written PENDING, or a declined one is tried again (docs/product.md §4).
 * The patient's payment history shows it at once (payment.updated), in the transaction that wrote it.
 */
export async function announcePaymentPending(
  manager: EntityManager,
  payment: Pick<Payment, 'id' | 'subscriptionId' | 'userId' | 'amount'>,
): Promise<void> {
  await appendToOutbox(
    manager,
    'payment.pending',
    { paymentId: payment.id, subscriptionId: payment.subscriptionId, userId: payment.userId },
    payment.userId,
    {
      rooms: [userRoom(payment.userId)],
      event: SOCKET_EVENTS.paymentUpdated,
      data: paymentUpdate({ ...payment, status: 'PENDING' }),
    },
  );
}

/** What the patient's screen hears of a payment (`payment.updated`): the row as it stands, a signal to read it again. */
export const paymentUpdate = (
  payment: Pick<Payment, 'id' | 'subscriptionId' | 'status' | 'amount'>,
): SocketPaymentUpdated => ({
  paymentId: payment.id,
  subscriptionId: payment.subscriptionId,
  status: payment.status,
  amount: payment.amount,
});
