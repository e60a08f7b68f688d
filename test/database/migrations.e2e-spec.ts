import { Client } from 'pg';
import { createDataSource, MIGRATION_LOCK_KEY, pendingSchemaChanges, runMigrations } from '@rxbridge/database';
import { createTestDatabase } from '../support/infra';

describe('migrations', () => {
  let db: { url: string; drop: () => Promise<void> };
  beforeAll(async () => (db = await createTestDatabase()));
  afterAll(() => db?.drop());

  it('apply once when two processes start together, under the advisory lock', async () => {
    // One more session holds the lock first, so both runs are certainly waiting on it together.
    const holder = new Client({ connectionString: db.url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const runs = [runMigrations(db.url), runMigrations(db.url)];
    await waitForLockWaiters(holder, 2);
    await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    await holder.end();
    const [a, b] = await Promise.all(runs);
    const applied = a.length ? a : b;
    expect(applied.length).toBeGreaterThan(0);
    // The second found nothing left to do.
    expect([a.length, b.length].sort()).toEqual([0, applied.length]);
    const check = new Client({ connectionString: db.url });
    await check.connect();
    const { rows } = await check.query<{ n: string }>('SELECT count(*) AS n FROM migrations');
    await check.end();
    expect(Number(rows[0].n)).toBe(applied.length);
  });

  it('agree with the entities: no schema change is pending after them', async () => {
    await runMigrations(db.url);
    const ds = createDataSource(db.url);
    await ds.initialize();
    try {
      expect(await pendingSchemaChanges(ds)).toEqual([]);
    } finally {
      await ds.destroy();
    }
  });
});

/** Waits until `count` sessions are blocked on the migration lock. */
async function waitForLockWaiters(client: Client, count: number) {
  for (;;) {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database =
         (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    if (Number(rows[0].n) >= count) return;
    await new Promise((r) => setImmediate(r));
  }
}
