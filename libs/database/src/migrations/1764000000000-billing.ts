import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Subscriptions, payments (one per subscription per period) and handled Stripe events. */
export class Billing1764000000000 implements MigrationInterface {
  name = 'Billing1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        tier varchar(30) NOT NULL CHECK (tier IN ('ONGOING_CARE', 'ENROLLMENT_ONLY', 'DIY_INSTRUCTIONS')),
        status varchar(30) NOT NULL CHECK (status IN ('PENDING_PAYMENT', 'PENDING_CHARGE', 'ACTIVE', 'PAST_DUE', 'CANCELLED', 'UNPAID')),
        prescription_count int NOT NULL CHECK (prescription_count >= 0),
        total_amount int NOT NULL CHECK (total_amount >= 0),
        pricing_breakdown jsonb NOT NULL,
        billing_anchor timestamptz,
        current_period_start timestamptz,
        current_period_end timestamptz,
        periods_charged int NOT NULL DEFAULT 0,
        stripe_customer_id varchar(100),
        stripe_payment_method_id varchar(100),
        card_last4 varchar(4),
        card_brand varchar(20),
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        cancelled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX subscriptions_user_idx ON subscriptions (user_id)`);
    await q.query(
      `CREATE UNIQUE INDEX subscriptions_one_open_per_user ON subscriptions (user_id) WHERE status <> 'CANCELLED'`,
    );
    await q.query(
      `CREATE INDEX subscriptions_renewal_idx ON subscriptions (current_period_end) WHERE status = 'ACTIVE'`,
    );
    await q.query(`
      CREATE TABLE payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        subscription_id uuid NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        period_index int NOT NULL CHECK (period_index >= 0),
        status varchar(20) NOT NULL CHECK (status IN ('SUCCEEDED', 'FAILED', 'PENDING')),
        amount int NOT NULL CHECK (amount >= 0),
        currency varchar(3) NOT NULL DEFAULT 'usd',
        description varchar(300) NOT NULL,
        stripe_payment_intent_id varchar(100),
        failure_message varchar(300),
        attempt int NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT payments_one_per_period UNIQUE (subscription_id, period_index)
      )`);
    await q.query(`CREATE INDEX payments_user_idx ON payments (user_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE stripe_events (
        id varchar(100) PRIMARY KEY,
        type varchar(100) NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE stripe_events`);
    await q.query(`DROP TABLE payments`);
    await q.query(`DROP TABLE subscriptions`);
  }
}
