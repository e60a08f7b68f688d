import type { MigrationInterface, QueryRunner } from 'typeorm';
import { OutboxNotify1765000000000 } from './1765000000000-outbox-notify';

/**
 * The relay is woken through Redis by the writer after its commit, not by a NOTIFY from the outbox's
 * insert trigger: PostgreSQL takes one lock for the whole cluster from a notifying transaction's
 * commit to its end, so every commit that wrote an event waited for the one before it, its flush
 * included (docs/architecture.md §6 Outbox and idempotent handlers).
 */
export class OutboxWakeThroughRedis1765800000000 implements MigrationInterface {
  name = 'OutboxWakeThroughRedis1765800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER outbox_notify ON outbox`);
    await q.query(`DROP FUNCTION outbox_notify()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await new OutboxNotify1765000000000().up(q);
  }
}
