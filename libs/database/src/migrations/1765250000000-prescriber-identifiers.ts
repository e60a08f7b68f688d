import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The signing page asks for the patient's date of birth first (docs/product.md §16): each link counts its wrong
 * answers, and the fifth spends it. A signature keeps the identifiers the program asks of the prescriber.
 */
export class PrescriberIdentifiers1765250000000 implements MigrationInterface {
  name = 'PrescriberIdentifiers1765250000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE prescriber_requests ADD COLUMN wrong_birth_dates smallint NOT NULL DEFAULT 0
        CONSTRAINT prescriber_requests_wrong_birth_dates_check CHECK (wrong_birth_dates >= 0)`,
    );
    await q.query(`ALTER TABLE prescriber_signatures
      ADD COLUMN license_number varchar(30),
      ADD COLUMN license_state char(2),
      ADD COLUMN dea_number char(9),
      ADD COLUMN tax_id char(9)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE prescriber_signatures
      DROP COLUMN license_number, DROP COLUMN license_state, DROP COLUMN dea_number, DROP COLUMN tax_id`);
    await q.query(`ALTER TABLE prescriber_requests DROP COLUMN wrong_birth_dates`);
  }
}
