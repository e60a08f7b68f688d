import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Enrollment and re-enrollment (docs/product.md §18): whether an enrollment's end date is our
 * default rather than the navigator's or the program's, and the renewal application of an enrolled
 * one. A prescription now has one first application and one renewal per application before it, so
 * its uniqueness moves to the first application, and `renewal_of` is unique: the worker's opening of
 * a renewal is insert-or-ignore like the first one's.
 */
export class EnrollmentRenewals1765300000000 implements MigrationInterface {
  name = 'EnrollmentRenewals1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE applications
      ADD COLUMN enrollment_estimated boolean NOT NULL DEFAULT false,
      ADD COLUMN renewal_of uuid REFERENCES applications (id) ON DELETE SET NULL`);
    await q.query(`ALTER TABLE applications DROP CONSTRAINT applications_prescription_id_key`);
    await q.query(
      `CREATE UNIQUE INDEX applications_first_of_prescription_key ON applications (prescription_id) WHERE renewal_of IS NULL`,
    );
    await q.query(`CREATE UNIQUE INDEX applications_renewal_of_key ON applications (renewal_of)`);
    await q.query(`CREATE INDEX applications_prescription_idx ON applications (prescription_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM applications WHERE renewal_of IS NOT NULL`);
    await q.query(`DROP INDEX applications_prescription_idx`);
    await q.query(`DROP INDEX applications_renewal_of_key`);
    await q.query(`DROP INDEX applications_first_of_prescription_key`);
    await q.query(`ALTER TABLE applications ADD CONSTRAINT applications_prescription_id_key UNIQUE (prescription_id)`);
    await q.query(`ALTER TABLE applications DROP COLUMN renewal_of, DROP COLUMN enrollment_estimated`);
  }
}
