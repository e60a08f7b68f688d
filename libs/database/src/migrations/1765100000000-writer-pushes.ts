import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A writer may publish its row's push itself right after its commit (docs/architecture.md §8 Real
 * time): `push_after` is when the relay takes the push over if no one has published it by then,
 * `pushed_at` when someone did. Rows relayed before this change count as pushed.
 */
export class WriterPushes1765100000000 implements MigrationInterface {
  name = 'WriterPushes1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox ADD COLUMN push_after timestamptz, ADD COLUMN pushed_at timestamptz`);
    await q.query(`UPDATE outbox SET pushed_at = published_at WHERE push IS NOT NULL AND published_at IS NOT NULL`);
    await q.query(
      `CREATE INDEX outbox_unpushed_idx ON outbox (push_after) WHERE push_after IS NOT NULL AND pushed_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX outbox_unpushed_idx`);
    await q.query(`ALTER TABLE outbox DROP COLUMN push_after, DROP COLUMN pushed_at`);
  }
}
