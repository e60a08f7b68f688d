import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The program's packet and sending it (docs/product.md §17): a prescription's optional diagnosis, quantity and days'
 * supply; an application's ship-to choice; and its submissions to the program (fax or portal) with their status.
 */
export class ProgramPacketSubmissions1765200000001 implements MigrationInterface {
  name = 'ProgramPacketSubmissions1765200000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE prescriptions
      ADD COLUMN diagnosis_code varchar(8), ADD COLUMN quantity integer, ADD COLUMN days_supply integer`);
    await q.query(`ALTER TABLE applications ADD COLUMN ship_to varchar(20)
      CONSTRAINT applications_ship_to_check CHECK (ship_to IN ('PATIENT_HOME', 'PRESCRIBER_OFFICE'))`);
    await q.query(`
      CREATE TABLE application_submissions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        channel varchar(10) NOT NULL CONSTRAINT application_submissions_channel_check CHECK (channel IN ('FAX', 'PORTAL')),
        to_address varchar(300) NOT NULL,
        reference varchar(100),
        status varchar(10) NOT NULL CONSTRAINT application_submissions_status_check CHECK (status IN ('QUEUED', 'SENT', 'FAILED')),
        failure_reason varchar(500),
        attempt integer NOT NULL DEFAULT 1,
        submitted_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await q.query(
      `CREATE INDEX application_submissions_app_idx ON application_submissions (application_id, created_at)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE application_submissions`);
    await q.query(`ALTER TABLE applications DROP COLUMN ship_to`);
    await q.query(
      `ALTER TABLE prescriptions DROP COLUMN diagnosis_code, DROP COLUMN quantity, DROP COLUMN days_supply`,
    );
  }
}
