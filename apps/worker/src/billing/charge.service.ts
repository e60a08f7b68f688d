import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import {
  applyChargeOutcome,
  findSubscription,
  announcePaymentPending,
  insertPaymentIfMissing,
  lockPayment,
  lockPaymentOfPeriod,
  lockSubscription,
  outcomeOfConfirm,
  passPeriodsUncharged,
  pendingPaymentsOf,
  updatePayment,
  type ChargeOutcome,
  PAYMENT_DESCRIPTIONS,
  prescriptionsCounted,
} from '@rxbridge/billing';
import { STRIPE } from '@rxbridge/platform';
import { notCharged, settledMeanwhile, unexpectedStateOf } from './intent-outcomes';
import type { Payment, Subscription } from '@rxbridge/database';
import {
  billingPeriodAt,
  calculatePricing,
  chargesNoMore,
  formatCents,
  isChargeable,
  PLANS,
  renewsMonthly,
} from '@rxbridge/domain';

/** Why a charge is attempted; each allows it only from the subscription state it belongs to. */
export type ChargeReason = 'first' | 'renewal' | 'retry';

/**
 * Charges one billing period, exactly once whatever retries, duplicate events, crashes or lost
 * answers happen (docs/architecture.md §7 Exactly-once charges):
 * - the payments row (UNIQUE per subscription and period) is committed PENDING before Stripe is called;
 * - the period has ONE PaymentIntent: created unconfirmed with the (subscription, period)
 *   idempotency key and its id stored on the payment row in the same step; every later attempt
 *   (a job retry, the reconciliation, an admin's retry, a new card) retrieves that intent and
 *   settles from Stripe's answer. An intent succeeds at most once, so even after Stripe forgets an
 *   idempotency key (24 hours) a retry cannot charge twice;
 * - the outcome is applied only to a PENDING row (by this worker or by the webhook, whichever is first).
 */
@Injectable()
export class ChargeService {
  private readonly logger = new Logger('ChargeService');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
  ) {}

  async chargePeriod(subscriptionId: string, periodIndex: number, reason: ChargeReason): Promise<void> {
    const paymentId = await this.db.transaction(async (manager) => {
      const sub = await lockSubscription(manager, subscriptionId);
      if (!sub || !this.allowed(sub, periodIndex, reason)) return null;
      // Nothing is charged at $0 (every prescription removed, docs/product.md §4), but a declined period retried is
      // owed as it was declined, its intent holding the amount (below): at $0 only that payment, already written, goes.
      const free = sub.totalAmount <= 0;
      if (free && reason !== 'retry') return null;
      const inserted =
        !free &&
        (await insertPaymentIfMissing(manager, {
          subscriptionId: sub.id,
          userId: sub.userId,
          periodIndex,
          status: 'PENDING',
          amount: sub.totalAmount,
          currency: 'usd',
          description: this.describe(sub, periodIndex),
          attempt: 1,
        }));
      const payment = await lockPaymentOfPeriod(manager, sub.id, periodIndex);
      if (payment.status === 'SUCCEEDED') return null;
      if (inserted) await announcePaymentPending(manager, payment);
      if (payment.status === 'FAILED') {
        // Only the patient's new card (reason 'retry') earns a new attempt for a declined period, and only a card
        // not already declined for it: a job that runs again after its attempt failed charges nothing more
        // (docs/architecture.md §7 item 2).
        if (reason !== 'retry' || payment.failedPaymentMethodId === sub.stripePaymentMethodId) return null;
        // The period's intent already holds the amount; without one, the current price applies (none at $0).
        const amount = payment.stripePaymentIntentId ? payment.amount : sub.totalAmount;
        if (amount <= 0) return null;
        // A new attempt: the reconciliation's backoff of an earlier one (Stripe down then) starts afresh.
        await updatePayment(manager, payment.id, {
          status: 'PENDING',
          attempt: payment.attempt + 1,
          amount,
          failureMessage: null,
          reconcileAttempts: 0,
          nextReconcileAt: null,
        });
        await announcePaymentPending(manager, { ...payment, amount });
      }
      return payment.id;
    });
    if (paymentId) await this.settle(paymentId);
  }

  /**
   * A monthly subscription whose period is over by `now` (the renewal sweep): charges the one period that
   * contains `now`, counted from the anchor. The periods missed before it (months at $0, a sweep that did not
   * run) pass uncharged, and a period that comes due at $0 passes without a charge (docs/product.md §4
   * Charging), so a patient is never charged for months gone by, one after another.
   */
  async renew(subscriptionId: string, now: Date): Promise<void> {
    const periodIndex = await this.db.transaction(async (manager) => {
      const sub = await lockSubscription(manager, subscriptionId);
      if (!sub?.billingAnchor || !renewsMonthly(sub.tier) || sub.status !== 'ACTIVE' || sub.cancelAtPeriodEnd) {
        return null;
      }
      if (!sub.currentPeriodEnd || sub.currentPeriodEnd > now) return null; // renewed since it was read
      const current = Math.max(billingPeriodAt(sub.billingAnchor, now), sub.periodsCharged);
      const free = sub.totalAmount <= 0;
      await passPeriodsUncharged(manager, sub, free ? current + 1 : current);
      return free ? null : current;
    });
    if (periodIndex !== null) await this.chargePeriod(subscriptionId, periodIndex, 'renewal');
  }

  /**
   * A subscription just cancelled lets go of its PENDING payments at once, not at the reconciliation's next look
   * minutes later: each intent is cancelled at Stripe (settle, letGo), so a confirm still on its way is refused there
   * and the patient told "Subscription cancelled successfully" is not charged after it (docs/product.md §4).
   */
  async letGoOfCancelled(subscriptionId: string): Promise<void> {
    const sub = await findSubscription(this.db.manager, subscriptionId);
    if (!sub) return;
    for (const payment of await pendingPaymentsOf(this.db.manager, sub.id)) {
      if (!chargesNoMore(sub, payment.periodIndex)) continue;
      // Stripe unreachable: the payment stays PENDING, and the reconciliation's next look lets it go.
      await this.settle(payment.id).catch((err: unknown) =>
        this.logger.warn({ err, paymentId: payment.id }, 'not let go yet'),
      );
    }
  }

  /**
   * Brings a PENDING payment to its outcome from Stripe's answer: finds (or creates, once) the
   * period's intent, and confirms it with the subscription's card unless it has already succeeded.
   * A payment of a cancelled subscription is never charged now (letGo): its intent is cancelled at Stripe
   * first, then the payment is FAILED as not charged, unless Stripe already took the money (recorded as paid)
   * or may still be taking it (processing) (docs/product.md §4 Cancelling).
   * Throws on network or Stripe trouble, leaving the payment PENDING for the next try.
   * Returns the status applied, or null when nothing was applied (no longer PENDING, or its
   * subscription lost its card before Stripe charged, or Stripe is still processing it).
   */
  async settle(paymentId: string): Promise<ChargeOutcome['status'] | null> {
    const found = await this.ensureIntent(paymentId);
    if (!found) return null;
    const { payment, intentId, paymentMethod, cancelled } = found;
    const outcome = cancelled
      ? await this.letGo(payment.id, intentId)
      : await this.charge(payment, intentId, paymentMethod);
    if (!outcome) return null;
    const applied = await this.db.transaction((manager) => applyChargeOutcome(manager, payment.id, outcome));
    this.logger.log({ paymentId: payment.id, status: outcome.status, applied }, 'charge settled');
    return applied ? outcome.status : null;
  }

  /**
   * Stripe's answer for the period's intent: succeeded already, or confirmed now with the card. Null when it
   * is not charged and nothing may charge it now (no card): it stays PENDING.
   */
  private async charge(
    payment: Pick<Payment, 'id' | 'attempt'>,
    intentId: string | null,
    paymentMethod: string | null,
  ): Promise<ChargeOutcome | null> {
    if (!intentId) return null; // ensureIntent gives every payment of an open subscription its intent
    const retrieved = await this.stripe.paymentIntents.retrieve(intentId);
    if (retrieved.status === 'succeeded') return { status: 'SUCCEEDED', paymentIntentId: intentId };
    // Still being taken from an earlier confirm: its outcome is Stripe's to tell, not a new confirm's.
    if (retrieved.status === 'processing' || !paymentMethod) return null;
    try {
      const intent = await this.stripe.paymentIntents.confirm(
        intentId,
        { payment_method: paymentMethod, off_session: true },
        // One key per attempt and card: a lost answer is replayed, a new card is a new attempt.
        { idempotencyKey: `payment:${payment.id}:attempt:${payment.attempt}:confirm:${paymentMethod}` },
      );
      return outcomeOfConfirm(intent, paymentMethod);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) {
        return { status: 'FAILED', paymentIntentId: intentId, paymentMethodId: paymentMethod, message: err.message };
      }
      // Another attempt confirmed it in between (it is paid, once), or the subscription was cancelled and its
      // intent with it while this confirm was on its way (refused: nothing charged).
      const outcome = settledMeanwhile(intentId, err);
      if (!outcome) throw err; // network or Stripe trouble: the job (or the reconciliation) tries again
      return outcome;
    }
  }

  /**
   * The outcome of a pending payment whose subscription was cancelled (docs/architecture.md §7 item 6): its
   * intent is cancelled at Stripe FIRST, so a confirm still on its way is refused there and can never charge the
   * card behind a payment already FAILED; only once Stripe says canceled (now or before) is it not charged. An
   * intent that succeeded meanwhile is paid. Null while Stripe is still processing it; throws when Stripe cannot
   * be reached: either way it stays PENDING for the reconciliation's next look.
   */
  private async letGo(paymentId: string, intentId: string | null): Promise<ChargeOutcome | null> {
    if (!intentId) return notCharged(null); // no intent: nothing at Stripe could ever charge it
    try {
      const intent = await this.stripe.paymentIntents.cancel(
        intentId,
        { cancellation_reason: 'requested_by_customer' },
        { idempotencyKey: `payment:${paymentId}:cancel` },
      );
      return intent.status === 'canceled' ? notCharged(intentId) : null;
    } catch (err) {
      if (!unexpectedStateOf(err)) throw err; // Stripe unreachable or failing
      // Succeeded meanwhile: paid; canceled already (a lost answer): not charged; processing: looked at again.
      return settledMeanwhile(intentId, err);
    }
  }

  /**
   * The period's PaymentIntent: the stored one, or one created now (unconfirmed, keyed by
   * subscription and period) and stored on the payment row in the same transaction, under the row's lock.
   * A crash between Stripe's answer and the commit is harmless: the retry sends the same key and
   * gets the same intent back, and an intent never confirmed never charges.
   */
  private async ensureIntent(paymentId: string) {
    return this.db.transaction(async (manager) => {
      const payment = await lockPayment(manager, paymentId);
      if (!payment || payment.status !== 'PENDING') return null;
      const sub = await findSubscription(manager, payment.subscriptionId);
      // A renewal the sweep started before the patient cancelled is not charged (docs/product.md §4 Cancelling).
      const cancelled = !!sub && chargesNoMore(sub, payment.periodIndex);
      if (!sub?.stripeCustomerId || !sub.stripePaymentMethodId || cancelled) {
        // No new intent and no new confirmation now, but an intent that Stripe may already have charged
        // is still read (or, for a cancelled subscription, cancelled at Stripe): money taken is recorded,
        // whatever happened to the subscription since.
        return payment.stripePaymentIntentId || cancelled
          ? { payment, intentId: payment.stripePaymentIntentId, paymentMethod: null, cancelled }
          : null;
      }
      let intentId = payment.stripePaymentIntentId;
      if (!intentId) {
        // Only values fixed on the row: Stripe refuses a key replayed with other parameters.
        const intent = await this.stripe.paymentIntents.create(
          {
            amount: payment.amount,
            currency: payment.currency,
            customer: sub.stripeCustomerId,
            description: payment.description,
            metadata: {
              paymentId: payment.id,
              subscriptionId: sub.id,
              periodIndex: String(payment.periodIndex),
            },
          },
          { idempotencyKey: `payment-intent:${sub.id}:${payment.periodIndex}` },
        );
        intentId = intent.id;
        await updatePayment(manager, payment.id, { stripePaymentIntentId: intentId });
      }
      return { payment, intentId, paymentMethod: sub.stripePaymentMethodId, cancelled };
    });
  }

  private allowed(sub: Subscription, periodIndex: number, reason: ChargeReason): boolean {
    if (!isChargeable(sub.tier) || sub.status === 'CANCELLED') return false;
    if (!sub.stripeCustomerId || !sub.stripePaymentMethodId) return false;
    // A period settled since is charged no more; only a declined one, older than the current, is paid late.
    if (sub.periodsCharged > periodIndex && reason !== 'retry') return false;
    switch (reason) {
      case 'first':
        return periodIndex === 0 && sub.status === 'PENDING_CHARGE';
      case 'renewal':
        return periodIndex > 0 && sub.status === 'ACTIVE' && renewsMonthly(sub.tier) && !sub.cancelAtPeriodEnd;
      case 'retry':
        return sub.status === 'PAST_DUE';
    }
  }

  private describe(sub: Subscription, periodIndex: number): string {
    const plan = PLANS.find((p) => p.tier === sub.tier)?.name ?? sub.tier;
    const count = prescriptionsCounted(sub.prescriptionCount);
    if (!renewsMonthly(sub.tier)) return PAYMENT_DESCRIPTIONS.enrollment(plan, count);
    const amount = formatCents(calculatePricing(sub.tier, sub.prescriptionCount).totalAmount);
    return PAYMENT_DESCRIPTIONS.month(plan, amount, periodIndex + 1, count);
  }
}
