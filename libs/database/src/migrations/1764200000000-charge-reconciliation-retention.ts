import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The charge reconciliation's backoff on payments, and the indexes the retention prune reads by
 * age (docs/architecture.md §7 Exactly-once charges, §6 Retention).
 */
export class ChargeReconciliationRetention1764200000000 implements MigrationInterface {
  name = 'ChargeReconciliationRetention1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments ADD COLUMN IF NOT EXISTS stripe_payment_intent_id varchar(100)`);
    await q.query(`ALTER TABLE payments ADD COLUMN reconcile_attempts int NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE payments ADD COLUMN next_reconcile_at timestamptz`);
    await q.query(`CREATE INDEX payments_pending_idx ON payments (updated_at) WHERE status = 'PENDING'`);
    await q.query(`CREATE INDEX outbox_published_idx ON outbox (published_at) WHERE published_at IS NOT NULL`);
    await q.query(`CREATE INDEX processed_effects_created_idx ON processed_effects (created_at)`);
    await q.query(`CREATE INDEX stripe_events_received_idx ON stripe_events (received_at)`);
    await q.query(`CREATE INDEX refresh_tokens_expires_idx ON refresh_tokens (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX refresh_tokens_expires_idx`);
    await q.query(`DROP INDEX stripe_events_received_idx`);
    await q.query(`DROP INDEX processed_effects_created_idx`);
    await q.query(`DROP INDEX outbox_published_idx`);
    await q.query(`DROP INDEX payments_pending_idx`);
    await q.query(`ALTER TABLE payments DROP COLUMN next_reconcile_at`);
    await q.query(`ALTER TABLE payments DROP COLUMN reconcile_attempts`);
  }
}
