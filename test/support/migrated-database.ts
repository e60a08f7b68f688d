import type { DataSource } from 'typeorm';
import { createDataSource, runMigrations } from '@rxbridge/database';
import { createTestDatabase } from './infra';

/**
 * A fresh database with the migrations applied for the spec file, and a TypeORM data source on it
 * (`ds`, set before the tests run): for the specs of the repositories in libs/, which run their SQL
 * against real PostgreSQL (docs/architecture.md §12). Dropped after the file's tests.
 */
export function migratedDatabase(): { ds: DataSource; url: string } {
  const db = {} as { ds: DataSource; url: string; drop?: () => Promise<void> };
  beforeAll(async () => {
    const created = await createTestDatabase();
    db.url = created.url;
    db.drop = created.drop;
    await runMigrations(created.url);
    db.ds = createDataSource(created.url);
    await db.ds.initialize();
  });
  afterAll(async () => {
    await db.ds?.destroy();
    await db.drop?.();
  });
  return db;
}
