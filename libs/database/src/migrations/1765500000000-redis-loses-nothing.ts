import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * PostgreSQL keeps what Redis only cached (docs/architecture.md §6 When Redis loses its data): a
 * session's last activity, written at most once a minute, read when its Redis idle key is missing;
 * and, per outbox row, the queues whose job has not finished yet, so jobs Redis lost are relayed
 * again. Rows relayed before this change count as handled.
 */
export class RedisLosesNothing1765500000000 implements MigrationInterface {
  name = 'RedisLosesNothing1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE session_activity (
        session_id uuid PRIMARY KEY,
        last_active_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX session_activity_last_active_idx ON session_activity (last_active_at)`);
    await q.query(`ALTER TABLE outbox ADD COLUMN unhandled_queues text[]`);
    await q.query(`CREATE INDEX outbox_unhandled_idx ON outbox (created_at) WHERE unhandled_queues <> '{}'::text[]`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX outbox_unhandled_idx`);
    await q.query(`ALTER TABLE outbox DROP COLUMN unhandled_queues`);
    await q.query(`DROP TABLE session_activity`);
  }
}
