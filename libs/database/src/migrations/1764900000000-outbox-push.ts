import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An outbox row may carry the socket push of its change, built in the writer's transaction, which
 * the relay publishes the moment it claims the row (docs/architecture.md §8 Real time).
 */
export class OutboxPush1764900000000 implements MigrationInterface {
  name = 'OutboxPush1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox ADD COLUMN push jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox DROP COLUMN push`);
  }
}
