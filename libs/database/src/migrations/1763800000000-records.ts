import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Patient documents: metadata here, the encrypted file in the document storage. */
export class Records1763800000000 implements MigrationInterface {
  name = 'Records1763800000000';

  async up(q: QueryRunner): Promise<void> {
    // RESTRICT, not CASCADE: deleting a user must remove their stored files first, or they would
    // be left behind with nothing pointing at them.
    await q.query(`
      CREATE TABLE documents (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
        title varchar(200) NOT NULL CHECK (btrim(title) <> ''),
        original_name varchar(255) NOT NULL,
        mime_type varchar(100) NOT NULL,
        file_size int NOT NULL CHECK (file_size > 0 AND file_size <= 10485760),
        storage_key varchar(300) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The list is per patient, newest first.
    await q.query(`CREATE INDEX documents_user_created_idx ON documents (user_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE documents`);
  }
}
