import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The card a payment's last failed attempt was made with: a retry of the period is started only for another card,
 * so a job that runs again never charges a card already declined for it (docs/architecture.md §7). Payments
 * failed before have none: the next card saved retries them as it always did. Nullable: no table rewrite.
 */
export class FailedPaymentMethod1766800000000 implements MigrationInterface {
  name = 'FailedPaymentMethod1766800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments ADD COLUMN failed_payment_method_id varchar(100)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments DROP COLUMN failed_payment_method_id`);
  }
}
