import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { applyChargeOutcome, type ChargeOutcome } from '@rxbridge/billing';
import { STRIPE } from '@rxbridge/platform';
import { Payment, Subscription } from '@rxbridge/database';
import { calculatePricing, formatCents, isChargeable, PLANS, renewsMonthly } from '@rxbridge/domain';

/** Why a charge is attempted; each allows it only from the subscription state it belongs to. */
export type ChargeReason = 'first' | 'renewal' | 'retry';

/**
 * Charges one billing period, exactly once whatever retries, duplicate events or crashes happen:
 * - the payments row (UNIQUE per subscription and period) is committed PENDING before Stripe is called;
 * - Stripe is called with an idempotency key per payment attempt, so a repeated call after a crash
 *   replays the first answer instead of charging again;
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
    const prepared = await this.db.transaction(async (manager) => {
      const sub = await manager.findOne(Subscription, {
        where: { id: subscriptionId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!sub || !this.allowed(sub, periodIndex, reason)) return null;
      await manager
        .createQueryBuilder()
        .insert()
        .into(Payment)
        .values({
          subscriptionId: sub.id,
          userId: sub.userId,
          periodIndex,
          status: 'PENDING',
          amount: sub.totalAmount,
          currency: 'usd',
          description: this.describe(sub, periodIndex),
          attempt: 1,
        })
        .orIgnore()
        .execute();
      const payment = await manager.findOneOrFail(Payment, {
        where: { subscriptionId: sub.id, periodIndex },
        lock: { mode: 'pessimistic_write' },
      });
      if (payment.status === 'SUCCEEDED') return null;
      if (payment.status === 'FAILED') {
        // Only the patient's new card (reason 'retry') earns a new attempt for a declined period.
        if (reason !== 'retry') return null;
        payment.status = 'PENDING';
        payment.attempt += 1;
        payment.amount = sub.totalAmount;
        payment.failureMessage = null;
        await manager.save(payment);
      }
      return { payment, customer: sub.stripeCustomerId!, paymentMethod: sub.stripePaymentMethodId! };
    });
    if (!prepared) return;
    const { payment, customer, paymentMethod } = prepared;

    let outcome: ChargeOutcome;
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: payment.amount,
          currency: payment.currency,
          customer,
          payment_method: paymentMethod,
          off_session: true,
          confirm: true,
          description: payment.description,
          metadata: { paymentId: payment.id, subscriptionId, periodIndex: String(periodIndex) },
        },
        { idempotencyKey: `payment:${payment.id}:attempt:${payment.attempt}` },
      );
      outcome =
        intent.status === 'succeeded'
          ? { status: 'SUCCEEDED', paymentIntentId: intent.id }
          : {
              status: 'FAILED',
              paymentIntentId: intent.id,
              message: `The payment could not be completed (${intent.status}).`,
            };
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeCardError)) throw err; // network or Stripe trouble: the job retries
      outcome = { status: 'FAILED', paymentIntentId: err.payment_intent?.id ?? null, message: err.message };
    }
    const applied = await this.db.transaction((manager) => applyChargeOutcome(manager, payment.id, outcome));
    this.logger.log({ paymentId: payment.id, status: outcome.status, applied }, 'charge finished');
  }

  private allowed(sub: Subscription, periodIndex: number, reason: ChargeReason): boolean {
    if (!isChargeable(sub.tier) || sub.status === 'CANCELLED' || sub.totalAmount <= 0) return false;
    if (!sub.stripeCustomerId || !sub.stripePaymentMethodId) return false;
    if (sub.periodsCharged > periodIndex) return false;
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
    const count = `${sub.prescriptionCount} prescription${sub.prescriptionCount === 1 ? '' : 's'}`;
    if (!renewsMonthly(sub.tier)) return `${plan} enrollment (${count})`;
    return `${plan}: ${formatCents(calculatePricing(sub.tier, sub.prescriptionCount).totalAmount)} for month ${periodIndex + 1} (${count})`;
  }
}
