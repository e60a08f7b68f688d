import type { MigrationInterface, QueryRunner } from 'typeorm';

// Written out, not imported: a migration must keep meaning what it meant when it ran.
const STATES = `'INTAKE', 'AWAITING_DOCUMENTS', 'AWAITING_PRESCRIBER', 'SUBMITTED', 'INFO_REQUESTED', 'APPROVED',
  'DENIED', 'SHIPMENT_SCHEDULED', 'DELIVERED', 'REFILL_DUE', 'RENEWAL_DUE', 'CLOSED', 'CANCELLED'`;

/** Applications (one per prescription), their timeline, shipments and document checklist. */
export class Applications1763900000000 implements MigrationInterface {
  name = 'Applications1763900000000';

  async up(q: QueryRunner): Promise<void> {
    // prescription_id is not a foreign key: a removed prescription cancels its application, whose
    // history is kept. UNIQUE makes the worker's create idempotent (INSERT ... ON CONFLICT DO NOTHING).
    await q.query(`
      CREATE TABLE applications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        prescription_id uuid NOT NULL UNIQUE,
        medication varchar(200) NOT NULL,
        state varchar(30) NOT NULL DEFAULT 'INTAKE' CHECK (state IN (${STATES})),
        enrollment_start_date date,
        enrollment_end_date date CHECK (enrollment_end_date > enrollment_start_date),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX applications_user_idx ON applications (user_id)`);
    // The navigators' queue: by state, oldest first.
    await q.query(`CREATE INDEX applications_state_created_idx ON applications (state, created_at)`);
    // clock_timestamp(): several entries of one transaction (opening + first move) keep their order.
    await q.query(`
      CREATE TABLE application_transitions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        from_state varchar(30) CHECK (from_state IN (${STATES})),
        to_state varchar(30) NOT NULL CHECK (to_state IN (${STATES})),
        actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
        actor_role varchar(20) NOT NULL CHECK (actor_role IN ('USER', 'NAVIGATOR', 'ADMIN', 'SYSTEM')),
        note text NOT NULL DEFAULT '',
        details jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(
      `CREATE INDEX application_transitions_app_idx ON application_transitions (application_id, created_at)`,
    );
    await q.query(`
      CREATE TABLE application_shipments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        transition_id uuid NOT NULL REFERENCES application_transitions(id) ON DELETE CASCADE,
        shipment_date date NOT NULL,
        days_of_supply int NOT NULL CHECK (days_of_supply BETWEEN 1 AND 366),
        refill_due_at date NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX application_shipments_app_idx ON application_shipments (application_id, created_at)`);
    // A deleted upload leaves the item as the navigator judged it (the program may already have it).
    await q.query(`
      CREATE TABLE application_documents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        kind varchar(30) NOT NULL CHECK (kind IN ('PROOF_OF_INCOME', 'INSURANCE_CARD', 'DENIAL_LETTER', 'PRESCRIBER_FORM')),
        document_id uuid REFERENCES documents(id) ON DELETE SET NULL,
        status varchar(10) NOT NULL DEFAULT 'MISSING' CHECK (status IN ('MISSING', 'RECEIVED')),
        received_at timestamptz,
        note text,
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT application_documents_kind_key UNIQUE (application_id, kind)
      )`);
    await q.query(`CREATE INDEX application_documents_document_idx ON application_documents (document_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['application_documents', 'application_shipments', 'application_transitions', 'applications']) {
      await q.query(`DROP TABLE ${t}`);
    }
  }
}
