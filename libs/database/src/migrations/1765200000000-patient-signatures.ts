import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The patient's signature and signatures that bind what was signed (docs/product.md §17): each signature keeps the
 * SHA-256 of every packet fact it covers, so a fact changed since shows it as no longer current.
 */
export class PatientSignatures1765200000000 implements MigrationInterface {
  name = 'PatientSignatures1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE patient_signatures (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name varchar(200) NOT NULL,
        signed_at timestamptz NOT NULL DEFAULT now(),
        ip_address varchar(64) NOT NULL,
        user_agent varchar(500) NOT NULL,
        facts_sha256 jsonb NOT NULL
      )`);
    await q.query(`CREATE INDEX patient_signatures_app_idx ON patient_signatures (application_id, signed_at)`);
    await q.query(`ALTER TABLE prescriber_signatures ADD COLUMN facts_sha256 jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE prescriber_signatures DROP COLUMN facts_sha256`);
    await q.query(`DROP TABLE patient_signatures`);
  }
}
