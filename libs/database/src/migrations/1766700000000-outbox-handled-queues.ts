import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each outbox row keeps the queues whose job of it finished, apart from the queues the relay put it on:
 * a job may finish before its relay's pass commits, or in a pass that then rolls back, and its mark must
 * still count (docs/architecture.md §6 When Redis loses its data). A constant default: no table rewrite.
 */
export class OutboxHandledQueues1766700000000 implements MigrationInterface {
  name = 'OutboxHandledQueues1766700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox ADD COLUMN handled_queues text[] NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox DROP COLUMN handled_queues`);
  }
}
