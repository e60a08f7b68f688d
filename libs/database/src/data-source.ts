import { DataSource, type DataSourceOptions } from 'typeorm';
import * as entities from './entities';
import { MIGRATIONS } from './migrations';
import { SnakeNamingStrategy } from './naming-strategy';

export const ENTITIES = Object.values(entities).filter((e) => typeof e === 'function');

/**
 * The pg pool of a process: `size` connections (DATABASE_POOL_SIZE) and, when `statementTimeoutMs`
 * is set, PostgreSQL's statement_timeout on each (DATABASE_STATEMENT_TIMEOUT_MS; docs/architecture.md §11).
 */
export function poolOptions(size = 10, statementTimeoutMs = 0): Record<string, number> {
  return { max: size, ...(statementTimeoutMs > 0 && { statement_timeout: statementTimeoutMs }) };
}

/** One schema for api and worker: migrations only, never synchronize. */
export function dataSourceOptions(databaseUrl: string, extra: Partial<DataSourceOptions> = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsTransactionMode: 'each',
    extra: poolOptions(),
    ...extra,
  } as DataSourceOptions;
}

export function createDataSource(databaseUrl: string): DataSource {
  return new DataSource(dataSourceOptions(databaseUrl));
}

/** Key of the advisory lock that migrations run under ('rxbridge migrations', any fixed number would do). */
export const MIGRATION_LOCK_KEY = 7_361_620_311;

/**
 * Applies pending migrations under a PostgreSQL advisory lock, so that processes starting together
 * (several `migrate` runs, replicas) apply each migration once: the second waits for the first,
 * then finds nothing pending. TypeORM takes no lock of its own on PostgreSQL.
 */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const ds = createDataSource(databaseUrl);
  await ds.initialize();
  // A session lock on a connection of its own, held while the migrations run on others; it is
  // released with the session if the process dies.
  const lock = ds.createQueryRunner();
  try {
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const done = await ds.runMigrations({ transaction: 'each' });
      return done.map((m) => m.name);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await lock.release();
    await ds.destroy();
  }
}

/**
 * The SQL that would make the database match the entities, after the migrations: empty when the
 * entities and the migrations agree.
 */
export async function pendingSchemaChanges(ds: DataSource): Promise<string[]> {
  const log = await ds.driver.createSchemaBuilder().log();
  return log.upQueries.map((q) => q.query);
}
