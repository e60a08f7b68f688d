import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A renewal per enrollment, not per application (docs/product.md §18): an application re-enrolled itself (Renewal due,
 * Submitted, Approved again with a new end date) gets the renewal of its new enrollment too. Each renewal keeps the
 * end date of the enrollment it continues, which its view shows; those opened before take their application's.
 */
export class RenewalPerEnrollment1766100000000 implements MigrationInterface {
  name = 'RenewalPerEnrollment1766100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE applications ADD COLUMN renews_enrollment_ending_on date`);
    await q.query(`UPDATE applications r SET renews_enrollment_ending_on = o.enrollment_end_date
                     FROM applications o WHERE r.renewal_of = o.id`);
    await q.query(`DROP INDEX applications_renewal_of_key`);
    await q.query(
      `CREATE UNIQUE INDEX applications_renewal_key ON applications (renewal_of, renews_enrollment_ending_on)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX applications_renewal_key`);
    await q.query(`CREATE UNIQUE INDEX applications_renewal_of_key ON applications (renewal_of)`);
    await q.query(`ALTER TABLE applications DROP COLUMN renews_enrollment_ending_on`);
  }
}
