import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Stored document files that may be left without a row, for the worker's sweep to remove. */
export class DocumentFileCleanups1764100000000 implements MigrationInterface {
  name = 'DocumentFileCleanups1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE document_file_cleanups (
        storage_key varchar(300) PRIMARY KEY,
        due_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX document_file_cleanups_due_idx ON document_file_cleanups (due_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE document_file_cleanups`);
  }
}
