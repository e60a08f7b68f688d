import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { findPayment, findSubscription, paymentUpdate } from '@rxbridge/billing';
import { RealtimePublisher } from '../realtime/publisher';

/** Pushes small "this changed" signals; values come from the database, never from the event. */
@Injectable()
export class BillingPushes {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RealtimePublisher) private readonly publisher: RealtimePublisher,
  ) {}

  async subscription(subscriptionId: string) {
    const s = await findSubscription(this.db.manager, subscriptionId);
    if (!s) return;
    await this.publisher.subscriptionUpdated(s.userId, {
      subscriptionId: s.id,
      status: s.status,
      totalAmount: s.totalAmount,
      prescriptionCount: s.prescriptionCount,
    });
  }

  async payment(paymentId: string) {
    const p = await findPayment(this.db.manager, paymentId);
    if (!p) return;
    await this.publisher.paymentUpdated(p.userId, paymentUpdate(p));
  }
}
