import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When an insurance record last became another plan (docs/product.md §18): a renewal takes over the insurance card
 * only when received after the newest record was added or so changed. Null for every record so far (their changes
 * were not recorded): they count from their creation. Nullable: no table rewrite.
 */
export class InsurancePlanChanged1766900000000 implements MigrationInterface {
  name = 'InsurancePlanChanged1766900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE insurances ADD COLUMN plan_changed_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE insurances DROP COLUMN plan_changed_at`);
  }
}
