import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { PaymentStatus, PlanTier, SubscriptionStatus } from '@rxbridge/contracts';

export interface PricingBreakdownSnapshot {
  lines: { description: string; quantity: number; unitAmount: number; amount: number }[];
  summary: { bundle: string; additional: string; free: string; total: string };
  interval: string;
}

/** A patient's plan; at most one that isn't CANCELLED per patient (a partial unique index). */
@Entity('subscriptions')
export class Subscription {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index() @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 30 }) tier: PlanTier;
  @Column({ type: 'varchar', length: 30 }) status: SubscriptionStatus;
  @Column({ type: 'int' }) prescriptionCount: number;
  /** Cents charged per period (per month for Ongoing Care, once for Enrollment Only). */
  @Column({ type: 'int' }) totalAmount: number;
  @Column({ type: 'jsonb' }) pricingBreakdown: PricingBreakdownSnapshot;
  @Column({ type: 'timestamptz', nullable: true }) billingAnchor: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) currentPeriodStart: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) currentPeriodEnd: Date | null;
  /** Periods paid so far; the next charge is for period number `periodsCharged`. */
  @Column({ type: 'int', default: 0 }) periodsCharged: number;
  @Column({ type: 'varchar', length: 100, nullable: true }) stripeCustomerId: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) stripePaymentMethodId: string | null;
  @Column({ type: 'varchar', length: 4, nullable: true }) cardLast4: string | null;
  @Column({ type: 'varchar', length: 20, nullable: true }) cardBrand: string | null;
  @Column({ type: 'boolean', default: false }) cancelAtPeriodEnd: boolean;
  @Column({ type: 'timestamptz', nullable: true }) cancelledAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}

/** One charge attempt per subscription per billing period: UNIQUE(subscription_id, period_index). */
@Entity('payments')
export class Payment {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index() @Column({ type: 'uuid' }) subscriptionId: string;
  @Index() @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'int' }) periodIndex: number;
  @Column({ type: 'varchar', length: 20 }) status: PaymentStatus;
  @Column({ type: 'int' }) amount: number;
  @Column({ type: 'varchar', length: 3, default: 'usd' }) currency: string;
  @Column({ type: 'varchar', length: 300 }) description: string;
  @Column({ type: 'varchar', length: 100, nullable: true }) stripePaymentIntentId: string | null;
  @Column({ type: 'varchar', length: 300, nullable: true }) failureMessage: string | null;
  /** Attempts made for this period (a patient's retry after a decline counts one more). */
  @Column({ type: 'int', default: 1 }) attempt: number;
  /** Times the reconciliation tried to settle it from Stripe and could not (docs/architecture.md §7). */
  @Column({ type: 'int', default: 0 }) reconcileAttempts: number;
  /** When the reconciliation next looks at it (backoff up to a day); null: ten minutes after the last change. */
  @Column({ type: 'timestamptz', nullable: true }) nextReconcileAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}

/** Stripe webhook events already handled, so a replayed delivery changes nothing. */
@Entity('stripe_events')
export class StripeEventRecord {
  @PrimaryColumn({ type: 'varchar', length: 100 }) id: string;
  @Column({ type: 'varchar', length: 100 }) type: string;
  @CreateDateColumn({ type: 'timestamptz' }) receivedAt: Date;
}
