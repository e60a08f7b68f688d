import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The retention prune removes support messages past the Privacy page's years for communications (docs/architecture.md
 * §6 Retention): it finds them by age through this index, as it does every table it prunes.
 */
export class SupportMessagesAge1766300000000 implements MigrationInterface {
  name = 'SupportMessagesAge1766300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX support_messages_created_idx ON support_messages (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX support_messages_created_idx`);
  }
}
