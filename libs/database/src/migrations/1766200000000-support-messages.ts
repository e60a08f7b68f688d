import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A patient's messages to support (docs/product.md §21 Support messages): kept here, read by navigators in the
 * patient's record and marked answered there; the worker mails the support inbox that one arrived.
 */
export class SupportMessages1766200000000 implements MigrationInterface {
  name = 'SupportMessages1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE support_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        subject varchar(200) NOT NULL,
        message varchar(5000) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        answered_at timestamptz,
        answered_by uuid REFERENCES users(id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE INDEX support_messages_user_idx ON support_messages (user_id, created_at)`);
    // The console's list of messages awaiting a reply, oldest first.
    await q.query(
      `CREATE INDEX support_messages_awaiting_idx ON support_messages (created_at) WHERE answered_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE support_messages`);
  }
}
