import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An account can be disabled: its sessions stop working at the next request (docs/architecture.md §9). */
export class AccountDisabling1764600000000 implements MigrationInterface {
  name = 'AccountDisabling1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN disabled_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN disabled_at`);
  }
}
