import { DataSource, type DataSourceOptions } from 'typeorm';
import * as entities from './entities';
import { MIGRATIONS } from './migrations';
import { SnakeNamingStrategy } from './naming-strategy';

export const ENTITIES = Object.values(entities).filter((e) => typeof e === 'function');

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
    extra: { max: 10 },
    ...extra,
  } as DataSourceOptions;
}

export function createDataSource(databaseUrl: string): DataSource {
  return new DataSource(dataSourceOptions(databaseUrl));
}

/** Applies pending migrations; safe to call from several processes (TypeORM locks the migrations table). */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const ds = createDataSource(databaseUrl);
  await ds.initialize();
  try {
    const done = await ds.runMigrations({ transaction: 'each' });
    return done.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}
