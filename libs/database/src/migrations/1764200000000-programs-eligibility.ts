import type { MigrationInterface, QueryRunner } from 'typeorm';

// Written out, not imported: a migration must keep meaning what it meant when it ran.
const OLD_KINDS = `'PROOF_OF_INCOME', 'INSURANCE_CARD', 'DENIAL_LETTER', 'PRESCRIBER_FORM'`;
const KINDS = `${OLD_KINDS}, 'PROOF_OF_RESIDENCY', 'PRESCRIPTION', 'COVERAGE_DENIAL', 'PROOF_OF_OUT_OF_POCKET_SPEND'`;

/**
 * Programs and eligibility (docs/product.md §15): the program an application goes to, whether a navigator chose it,
 * the checklist kinds programs ask for, and the patient's household facts, sealed (docs/architecture.md §14).
 */
export class ProgramsEligibility1764200000000 implements MigrationInterface {
  name = 'ProgramsEligibility1764200000000';

  async up(q: QueryRunner): Promise<void> {
    // program_id names a catalogue entry (libs/domain PAP_CATALOGUE), which lives in code: not a foreign key.
    await q.query(`
      ALTER TABLE applications
        ADD COLUMN program_id varchar(100),
        ADD COLUMN program_overridden boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE application_documents DROP CONSTRAINT application_documents_kind_check`);
    await q.query(
      `ALTER TABLE application_documents ADD CONSTRAINT application_documents_kind_check CHECK (kind IN (${KINDS}))`,
    );
    // One row per patient: AES-256-GCM of {householdSize, annualIncomeCents} with the user id as associated data.
    await q.query(`
      CREATE TABLE patient_eligibility (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        sealed_facts bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE patient_eligibility`);
    await q.query(`DELETE FROM application_documents WHERE kind NOT IN (${OLD_KINDS})`);
    await q.query(`ALTER TABLE application_documents DROP CONSTRAINT application_documents_kind_check`);
    await q.query(
      `ALTER TABLE application_documents ADD CONSTRAINT application_documents_kind_check CHECK (kind IN (${OLD_KINDS}))`,
    );
    await q.query(`ALTER TABLE applications DROP COLUMN program_overridden, DROP COLUMN program_id`);
  }
}
