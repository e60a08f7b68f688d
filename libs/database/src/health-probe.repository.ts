import type { EntityManager } from 'typeorm';
import { MIGRATIONS } from './migrations';
import { isPgError, PG_UNDEFINED_TABLE } from './pg-errors';
import { prepared, runPrepared } from './prepared';

// Sent on every health check and liveness beat: prepared (docs/architecture.md §15 Performance).
const SELECT_ONE = prepared('health', 'SELECT 1');

/** One round trip to PostgreSQL: resolves when it answers, rejects when it does not. */
export async function pingDatabase(manager: EntityManager): Promise<void> {
  await runPrepared(manager, SELECT_ONE, []);
}

/** The migrations this build was made for, by name (TypeORM records each applied one in `migrations`). */
const KNOWN_MIGRATIONS = MIGRATIONS.map((Migration) => new Migration().name ?? Migration.name);

/**
 * The migrations of this build not yet applied to the database (all of them before the first `migrate`): a
 * process of a new release waits for them (docs/architecture.md §11, a release on Kubernetes).
 */
export async function pendingMigrations(manager: EntityManager): Promise<string[]> {
  let applied: { name: string }[];
  try {
    // Not prepared: asked until the schema is current, then never again, and a statement that failed to
    // prepare (no table yet) would stay unusable on its connection.
    applied = await manager.query<{ name: string }[]>('SELECT name FROM migrations');
  } catch (err) {
    if (isPgError(err, PG_UNDEFINED_TABLE)) return KNOWN_MIGRATIONS;
    throw err;
  }
  const names = new Set(applied.map((row) => row.name));
  return KNOWN_MIGRATIONS.filter((name) => !names.has(name));
}
