import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  declinedPeriodOf,
  findOpenSubscription,
  findSubscription,
  hasScheduledShipment,
  lockOpenSubscription,
  subscriptionPricing,
  updateSubscription,
} from '@rxbridge/billing';
import { appendToOutbox } from '@rxbridge/events';
import type { HandlerMap } from '../queue/handler-map';
import { BillingSweep } from './billing-sweep';
import { ChargeService } from './charge.service';
import { BillingPushes } from './billing-pushes';
import { BillingReconciler } from './billing-reconciler';

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
      const sub = await findOpenSubscription(this.db.manager, e.payload.userId);
      if (sub?.status === 'PENDING_CHARGE') await this.charges.chargePeriod(sub.id, 0, 'first');
    },
    'subscription.payment_method_saved': async (e) => {
      const sub = await findSubscription(this.db.manager, e.payload.subscriptionId);
      if (!sub) return;
      if (sub.status === 'PAST_DUE') {
        const declined = await declinedPeriodOf(this.db.manager, sub.id);
        await this.charges.chargePeriod(sub.id, declined ?? sub.periodsCharged, 'retry');
      } else if (sub.status === 'PENDING_CHARGE' && (await hasScheduledShipment(this.db.manager, sub.userId))) {
        // The card came after the shipment was scheduled: charge now rather than never.
        await this.charges.chargePeriod(sub.id, 0, 'first');
      }
      await this.pushes.subscription(sub.id);
    },
    'subscription.changed': async (e) => {
      await this.pushes.subscription(e.payload.subscriptionId);
      await this.charges.letGoOfCancelled(e.payload.subscriptionId);
    },
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
      const sub = await lockOpenSubscription(manager, userId);
      if (!sub) return;
      const pricing = await subscriptionPricing(manager, userId, sub.tier);
      if (sub.prescriptionCount === pricing.prescriptionCount && sub.totalAmount === pricing.totalAmount) return;
      await updateSubscription(manager, sub.id, pricing);
      await appendToOutbox(manager, 'subscription.changed', { subscriptionId: sub.id, userId }, userId);
    });
  }
}
