import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log screen reads newest first (docs/architecture.md §9): without an index on that order, every page
 * sorted the whole log, which grows with every staff read for years. Built in the migration's transaction (the
 * migrations run under a lock held in a transaction, which CONCURRENTLY would wait on forever): staff reads, each
 * writing its line, wait for the build, a few seconds for millions of entries.
 */
export class AuditLogNewestFirst1766500000000 implements MigrationInterface {
  name = 'AuditLogNewestFirst1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX audit_log_created_idx ON audit_log (created_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX audit_log_created_idx`);
  }
}
