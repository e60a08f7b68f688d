import { DataSource, type DataSourceOptions } from 'typeorm';
import * as entities from './entities';
import { MIGRATIONS } from './migrations';
import { SnakeNamingStrategy } from './naming-strategy';
import type { DatabasePooler } from './pooler';

export const ENTITIES = Object.values(entities).filter((e) => typeof e === 'function');

/**
 * The pg pool of a process: `size` connections (DATABASE_POOL_SIZE), a query waiting at most
 * `acquireTimeoutMs` for one (DATABASE_POOL_ACQUIRE_TIMEOUT_MS: an error, never a hang) and, when
 * `statementTimeoutMs` is set, PostgreSQL's statement_timeout on each (DATABASE_STATEMENT_TIMEOUT_MS;
 * docs/architecture.md §11). Each connection is in node-postgres's pipeline mode: a statement sent while
 * another is answered goes out at once instead of waiting its turn in the client (pipelinedTransaction).
 */
export function poolOptions(
  size = 10,
  statementTimeoutMs = 0,
  acquireTimeoutMs = 10_000,
): Record<string, number | boolean> {
  return {
    max: size,
    connectionTimeoutMillis: acquireTimeoutMs,
    pipeline: true,
    ...(statementTimeoutMs > 0 && { statement_timeout: statementTimeoutMs }),
  };
}

/**
 * One schema for api and worker: migrations only, never synchronize. The URL goes to node-postgres
 * as it is, so `?sslmode=require` (or verify-full, with sslrootcert) turns TLS on.
 */
export function dataSourceOptions(
  databaseUrl: string,
  extra: Partial<DataSourceOptions> & { pooler?: DatabasePooler } = {},
): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    pooler: 'none',
    entities: ENTITIES,
    migrations: MIGRATIONS,
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsTransactionMode: 'each',
    extra: poolOptions(),
    ...extra,
  } as DataSourceOptions;
}

export function createDataSource(databaseUrl: string, pooler: DatabasePooler = 'none'): DataSource {
  return new DataSource(dataSourceOptions(databaseUrl, { pooler }));
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
  // A lock on a connection of its own, held while the migrations run on others; it is released
  // with the transaction if the process dies.
  const lock = ds.createQueryRunner();
  try {
    await lock.connect();
    // A transaction-level lock in a transaction left open while the migrations run: it holds the
    // same way on a direct connection and behind a transaction-mode PgBouncer (which keeps the
    // server connection for an open transaction), where a session lock could be taken on one
    // server connection and released on another (docs/architecture.md §11 Managed services).
    await lock.startTransaction();
    try {
      await lock.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await ds.runMigrations({ transaction: 'each' });
      return done.map((m) => m.name);
    } finally {
      await lock.commitTransaction();
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
