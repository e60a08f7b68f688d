import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, Not } from 'typeorm';
import { Prescription, Subscription } from '@rxbridge/database';
import { calculatePricing, MAX_PRESCRIPTIONS } from '@rxbridge/domain';
import { appendToOutbox } from '@rxbridge/events';
import type { HandlerMap } from '../queue/handler-map';
import { BillingSweep } from './billing-sweep';
import { ChargeService } from './charge.service';
import { BillingPushes } from './billing-pushes';
import { BillingReconciler, SHIPPED_STATES } from './billing-reconciler';

/** The billing queue: price follows the prescriptions; the first charge follows the first shipment. */
@Injectable()
export class BillingHandlers {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ChargeService) private readonly charges: ChargeService,
    @Inject(BillingSweep) private readonly sweep: BillingSweep,
    @Inject(BillingPushes) private readonly pushes: BillingPushes,
    @Inject(BillingReconciler) private readonly reconciler: BillingReconciler,
  ) {}

  readonly handlers: HandlerMap = {
    'prescription.added': (e) => this.recalculate(e.payload.userId),
    'prescription.removed': (e) => this.recalculate(e.payload.userId),
    'application.transitioned': async (e) => {
      if (e.payload.toState !== 'SHIPMENT_SCHEDULED') return;
      const sub = await this.openSubscription(e.payload.userId);
      if (sub?.status === 'PENDING_CHARGE') await this.charges.chargePeriod(sub.id, 0, 'first');
    },
    'subscription.payment_method_saved': async (e) => {
      const sub = await this.db.getRepository(Subscription).findOneBy({ id: e.payload.subscriptionId });
      if (!sub) return;
      if (sub.status === 'PAST_DUE') {
        await this.charges.chargePeriod(sub.id, sub.periodsCharged, 'retry');
      } else if (sub.status === 'PENDING_CHARGE' && (await this.hasScheduledShipment(sub.userId))) {
        // The card came after the shipment was scheduled: charge now rather than never.
        await this.charges.chargePeriod(sub.id, 0, 'first');
      }
      await this.pushes.subscription(sub.id);
    },
    'subscription.changed': (e) => this.pushes.subscription(e.payload.subscriptionId),
    'payment.settled': async (e) => {
      await this.pushes.payment(e.payload.paymentId);
      await this.pushes.subscription(e.payload.subscriptionId);
    },
    'billing.sweep_due': () => this.sweep.run(),
    'billing.reconcile_due': () => this.reconciler.run(),
  };

  /** Keeps the subscription's count and price in step with the patient's prescriptions. */
  private async recalculate(userId: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      const sub = await manager.findOne(Subscription, {
        where: { userId, status: Not('CANCELLED') },
        lock: { mode: 'pessimistic_write' },
      });
      if (!sub) return;
      const count = Math.min(await manager.countBy(Prescription, { userId }), MAX_PRESCRIPTIONS);
      const pricing = calculatePricing(sub.tier, count);
      if (sub.prescriptionCount === count && sub.totalAmount === pricing.totalAmount) return;
      await manager.update(
        Subscription,
        { id: sub.id },
        {
          prescriptionCount: count,
          totalAmount: pricing.totalAmount,
          pricingBreakdown: { lines: pricing.lines, summary: pricing.summary, interval: pricing.interval },
        },
      );
      await appendToOutbox(manager, 'subscription.changed', { subscriptionId: sub.id, userId }, userId);
    });
  }

  private openSubscription(userId: string) {
    return this.db.getRepository(Subscription).findOneBy({ userId, status: Not('CANCELLED') });
  }

  private async hasScheduledShipment(userId: string): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM applications WHERE user_id = $1 AND state = ANY($2) LIMIT 1`, [
      userId,
      SHIPPED_STATES,
    ]);
    return rows.length > 0;
  }
}
