import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A navigator may answer a patient's message to support in the console (docs/product.md §21): the reply is kept with
 * the message, shown to the patient on their dashboard and mailed to their verified address.
 */
export class SupportReplies1766400000000 implements MigrationInterface {
  name = 'SupportReplies1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE support_messages ADD COLUMN reply varchar(5000)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE support_messages DROP COLUMN reply`);
  }
}
