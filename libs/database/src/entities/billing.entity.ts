import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import {
  PAYMENT_STATUSES,
  PLAN_TIERS,
  SUBSCRIPTION_STATUSES,
  type PaymentStatus,
  type PlanTier,
  type SubscriptionStatus,
} from '@rxbridge/contracts';
import { oneOf } from './checks';
import { User } from './user.entity';

export interface PricingBreakdownSnapshot {
  lines: { description: string; quantity: number; unitAmount: number; amount: number }[];
  summary: { bundle: string; additional: string; free: string; total: string };
  interval: string;
}

/** A patient's plan; at most one that isn't CANCELLED per patient (a partial unique index). */
@Entity('subscriptions')
@Index('subscriptions_one_open_per_user', ['userId'], { unique: true, where: `status <> 'CANCELLED'` })
@Index('subscriptions_renewal_idx', ['currentPeriodEnd'], { where: `status = 'ACTIVE'` })
@Check('subscriptions_tier_check', oneOf('tier', PLAN_TIERS))
@Check('subscriptions_status_check', oneOf('status', SUBSCRIPTION_STATUSES))
@Check('subscriptions_prescription_count_check', 'prescription_count >= 0')
@Check('subscriptions_total_amount_check', 'total_amount >= 0')
export class Subscription {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('subscriptions_user_idx') @Column({ type: 'uuid' }) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) user?: Relation<User>;
  @Column({ type: 'varchar', length: 30 }) tier: PlanTier;
  @Column({ type: 'varchar', length: 30 }) status: SubscriptionStatus;
  @Column({ type: 'int' }) prescriptionCount: number;
  /** Cents charged per period (per month for Ongoing Care, once for Enrollment Only). */
  @Column({ type: 'int' }) totalAmount: number;
  @Column({ type: 'jsonb' }) pricingBreakdown: PricingBreakdownSnapshot;
  @Column({ type: 'timestamptz', nullable: true }) billingAnchor: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) currentPeriodStart: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) currentPeriodEnd: Date | null;
  /**
   * Periods settled so far: paid, or passed uncharged (a month due at $0, months over before a renewal;
   * docs/product.md §4 Charging). The next charge is for period number `periodsCharged`.
   */
  @Column({ type: 'int', default: 0 }) periodsCharged: number;
  @Column({ type: 'varchar', length: 100, nullable: true }) stripeCustomerId: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) stripePaymentMethodId: string | null;
  @Column({ type: 'varchar', length: 4, nullable: true }) cardLast4: string | null;
  @Column({ type: 'varchar', length: 20, nullable: true }) cardBrand: string | null;
  /** When the card was entered (Stripe's `created` of it): an older card's late checkout event saves nothing. */
  @Column({ type: 'timestamptz', nullable: true }) cardSavedAt: Date | null;
  @Column({ type: 'boolean', default: false }) cancelAtPeriodEnd: boolean;
  @Column({ type: 'timestamptz', nullable: true }) cancelledAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}

/** One charge attempt per subscription per billing period: UNIQUE(subscription_id, period_index). */
@Entity('payments')
@Unique('payments_one_per_period', ['subscriptionId', 'periodIndex'])
// (user_id, created_at DESC) in the migration: TypeORM cannot write the order, and does not compare it.
@Index('payments_user_idx', ['userId', 'createdAt'])
// The reconciliation job's scan for charges left PENDING (docs/architecture.md §7).
@Index('payments_pending_idx', ['updatedAt'], { where: `status = 'PENDING'` })
@Check('payments_period_index_check', 'period_index >= 0')
@Check('payments_status_check', oneOf('status', PAYMENT_STATUSES))
@Check('payments_amount_check', 'amount >= 0')
export class Payment {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) subscriptionId: string;
  @ManyToOne(() => Subscription, { onDelete: 'CASCADE' }) subscription?: Relation<Subscription>;
  @Column({ type: 'uuid' }) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) user?: Relation<User>;
  @Column({ type: 'int' }) periodIndex: number;
  @Column({ type: 'varchar', length: 20 }) status: PaymentStatus;
  @Column({ type: 'int' }) amount: number;
  @Column({ type: 'varchar', length: 3, default: 'usd' }) currency: string;
  @Column({ type: 'varchar', length: 300 }) description: string;
  @Column({ type: 'varchar', length: 100, nullable: true }) stripePaymentIntentId: string | null;
  @Column({ type: 'varchar', length: 300, nullable: true }) failureMessage: string | null;
  /** Attempts made for this period (a patient's retry after a decline counts one more). */
  @Column({ type: 'int', default: 1 }) attempt: number;
  /** The card its last failed attempt was made with: only another card retries it (docs/architecture.md §7). */
  @Column({ type: 'varchar', length: 100, nullable: true }) failedPaymentMethodId: string | null;
  /** Times the reconciliation tried to settle it from Stripe and could not (docs/architecture.md §7). */
  @Column({ type: 'int', default: 0 }) reconcileAttempts: number;
  /** When the reconciliation next looks at it (backoff up to a day); null: ten minutes after the last change. */
  @Column({ type: 'timestamptz', nullable: true }) nextReconcileAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}

/** Stripe webhook events already handled, so a replayed delivery changes nothing. */
@Entity('stripe_events')
// Retention prunes by age.
@Index('stripe_events_received_idx', ['receivedAt'])
export class StripeEventRecord {
  @PrimaryColumn({ type: 'varchar', length: 100 }) id: string;
  @Column({ type: 'varchar', length: 100 }) type: string;
  @CreateDateColumn({ type: 'timestamptz' }) receivedAt: Date;
}
