import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts, patient records created at signup, auth tokens, the outbox and the audit log. */
export class Accounts1763700000000 implements MigrationInterface {
  name = 'Accounts1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL UNIQUE,
        password_hash varchar(255) NOT NULL,
        first_name varchar(100) NOT NULL,
        last_name varchar(100) NOT NULL,
        phone varchar(20) NOT NULL,
        date_of_birth date NOT NULL,
        gender varchar(30) NOT NULL,
        marital_status varchar(30),
        mailing_street varchar(200) NOT NULL,
        mailing_city varchar(100) NOT NULL,
        mailing_state char(2) NOT NULL,
        mailing_zip varchar(10) NOT NULL,
        role varchar(20) NOT NULL DEFAULT 'USER' CHECK (role IN ('USER', 'NAVIGATOR', 'ADMIN')),
        tier varchar(30) NOT NULL CHECK (tier IN ('ONGOING_CARE', 'ENROLLMENT_ONLY', 'DIY_INSTRUCTIONS')),
        email_verified_at timestamptz,
        password_changed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE doctors (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        first_name varchar(100) NOT NULL,
        last_name varchar(100) NOT NULL,
        specialty varchar(40) NOT NULL,
        phone varchar(20),
        doctor_address varchar(300) NOT NULL,
        npi_number varchar(10) CHECK (npi_number ~ '^[0-9]{1,10}$'),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX doctors_user_idx ON doctors (user_id)`);
    await q.query(`
      CREATE TABLE prescriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        medication varchar(200) NOT NULL,
        dosage varchar(100) NOT NULL DEFAULT '',
        frequency varchar(40) NOT NULL DEFAULT '',
        doctor_id uuid REFERENCES doctors(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX prescriptions_user_idx ON prescriptions (user_id)`);
    await q.query(`
      CREATE TABLE insurances (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        provider varchar(100) NOT NULL,
        policy_number varchar(100),
        group_number varchar(100),
        coverage_type varchar(40) NOT NULL,
        document_url varchar(500),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX insurances_user_idx ON insurances (user_id)`);
    await q.query(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id)`);
    await q.query(`CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id)`);
    await q.query(`
      CREATE TABLE email_verifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX email_verifications_user_idx ON email_verifications (user_id)`);
    await q.query(`
      CREATE TABLE password_resets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        via varchar(10) NOT NULL CHECK (via IN ('code', 'link')),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        failed_attempts int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX password_resets_user_idx ON password_resets (user_id)`);
    await q.query(`
      CREATE TABLE outbox (
        id uuid PRIMARY KEY,
        type varchar(100) NOT NULL,
        payload jsonb NOT NULL,
        user_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL`);
    await q.query(`
      CREATE TABLE audit_log (
        id uuid PRIMARY KEY,
        actor_id uuid,
        actor_role varchar(20),
        action varchar(100) NOT NULL,
        subject_user_id uuid,
        entity_type varchar(50),
        entity_id uuid,
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_log_actor_idx ON audit_log (actor_id)`);
    await q.query(`CREATE INDEX audit_log_subject_idx ON audit_log (subject_user_id)`);
    await q.query(`
      CREATE TABLE processed_effects (
        key varchar(200) PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'processed_effects',
      'audit_log',
      'outbox',
      'password_resets',
      'email_verifications',
      'refresh_tokens',
      'insurances',
      'prescriptions',
      'doctors',
      'users',
    ]) {
      await q.query(`DROP TABLE ${t}`);
    }
  }
}
