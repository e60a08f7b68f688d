import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The relay's wake-up comes from the table itself: a statement trigger notifies the channel the
 * relay listened on after every insert into the outbox. A
 * notification is delivered only if its transaction commits, and identical ones of one transaction
 * are folded into one, so a writer spends no round trip of its own on it and the relay is woken
 * once per commit. Dropped by OutboxWakeThroughRedis1765800000000: the writers wake the relay through Redis.
 */
export class OutboxNotify1765000000000 implements MigrationInterface {
  name = 'OutboxNotify1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('outbox_event', '');
        RETURN NULL;
      END $$`);
    await q.query(
      `CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER outbox_notify ON outbox`);
    await q.query(`DROP FUNCTION outbox_notify()`);
  }
}
