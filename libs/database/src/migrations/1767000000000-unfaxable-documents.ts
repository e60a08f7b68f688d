import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the packet's renderer found a document could not be turned into fax pages (a damaged or password-protected
 * PDF, docs/product.md §17): such a file counts as one the fax cannot carry, so the patient is asked for it again
 * saying why. Null for every document so far. Nullable: no table rewrite.
 */
export class UnfaxableDocuments1767000000000 implements MigrationInterface {
  name = 'UnfaxableDocuments1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents ADD COLUMN unfaxable_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents DROP COLUMN unfaxable_at`);
  }
}
