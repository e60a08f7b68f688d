import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a navigator asked of a patient, read back by time when the worker arms the asked-documents emails again (at
 * start, and when Redis lost its data; docs/product.md §11): the checklist items someone marked missing and the
 * program changes, each a small partial index, so the read does not go through every row of either table.
 */
export class AskedEmailsRearm1765900000000 implements MigrationInterface {
  name = 'AskedEmailsRearm1765900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX application_documents_marked_missing_idx ON application_documents (updated_at)
        WHERE status = 'MISSING' AND updated_by IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX application_transitions_program_set_idx ON application_transitions (created_at)
        WHERE details ? 'previousProgramId'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX application_transitions_program_set_idx`);
    await q.query(`DROP INDEX application_documents_marked_missing_idx`);
  }
}
