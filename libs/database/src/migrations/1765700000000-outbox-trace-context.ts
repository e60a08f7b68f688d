import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each outbox row keeps the W3C trace context of the request or job that wrote it, so the relay's
 * job continues that trace (docs/architecture.md §13 Tracing); null with tracing off.
 */
export class OutboxTraceContext1765700000000 implements MigrationInterface {
  name = 'OutboxTraceContext1765700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox ADD COLUMN trace_context jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox DROP COLUMN trace_context`);
  }
}
