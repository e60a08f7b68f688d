import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Prescriber sign-off (docs/product.md §16): signing links (only the token's SHA-256 is kept) and the signatures,
 * each with its time, address, user agent and the SHA-256 of the packet that was signed.
 */
export class PrescriberSignOff1764800000000 implements MigrationInterface {
  name = 'PrescriberSignOff1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE prescriber_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        email varchar(254) NOT NULL,
        token_hash varchar(64) NOT NULL,
        requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        CONSTRAINT prescriber_requests_token_hash_key UNIQUE (token_hash)
      )`);
    await q.query(`CREATE INDEX prescriber_requests_app_idx ON prescriber_requests (application_id, created_at)`);
    await q.query(`
      CREATE TABLE prescriber_signatures (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        request_id uuid NOT NULL REFERENCES prescriber_requests(id) ON DELETE CASCADE,
        name varchar(200) NOT NULL,
        npi varchar(10) NOT NULL,
        signed_at timestamptz NOT NULL DEFAULT now(),
        ip_address varchar(64) NOT NULL,
        user_agent varchar(500) NOT NULL,
        packet_sha256 varchar(64) NOT NULL,
        CONSTRAINT prescriber_signatures_request_id_key UNIQUE (request_id)
      )`);
    await q.query(`CREATE INDEX prescriber_signatures_app_idx ON prescriber_signatures (application_id, signed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE prescriber_signatures`);
    await q.query(`DROP TABLE prescriber_requests`);
  }
}
