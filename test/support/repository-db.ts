import { Client } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { insertUser, type NewUser } from '@rxbridge/accounts';
import { createDataSource, runMigrations } from '@rxbridge/database';
import { newSignup } from './factories';
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

/** What a patient row holds beyond what the signup form gives. */
const PATIENT = {
  passwordHash: 'not-a-real-hash',
  gender: 'female',
  maritalStatus: null,
  role: 'USER',
  tier: 'ONGOING_CARE',
  preferredLanguage: 'en',
  emailVerifiedAt: null,
  passwordChangedAt: null,
} as const;

/** A patient row with a unique email (from newSignup); override any column. Returns its id. */
export function newUserRow(manager: EntityManager, overrides: Partial<NewUser> = {}): Promise<string> {
  const { email, firstName, lastName, phone, dateOfBirth, mailingStreet, mailingCity, mailingState, mailingZip } =
    newSignup();
  const signup = {
    email,
    firstName,
    lastName,
    phone,
    dateOfBirth,
    mailingStreet,
    mailingCity,
    mailingState,
    mailingZip,
  };
  return insertUser(manager, { ...signup, ...PATIENT, ...overrides });
}

/**
 * Whether `sql` has to wait for a lock held elsewhere: run in its own transaction that gives up
 * after a moment, so a held row lock shows as PostgreSQL's lock_not_available (55P03).
 */
export async function waitsForLock(ds: DataSource, sql: string, params: unknown[]): Promise<boolean> {
  try {
    await ds.transaction(async (manager) => {
      await manager.query(`SET LOCAL lock_timeout = '200ms'`);
      await manager.query(sql, params);
    });
    return false;
  } catch (err) {
    if ((err as { code?: string }).code === '55P03') return true;
    throw err;
  }
}

/**
 * Resolves once a statement of the database at `url` (whose text matches the regular expression `query`, when given)
 * waits on a lock, or once `done()` holds (what was to wait went through without waiting); asked on a connection of
 * its own, as the pool's may queue behind the waiting statement.
 */
export async function lockWaiter(url: string, done: () => boolean = () => false, query = ''): Promise<void> {
  const watcher = new Client({ connectionString: url });
  await watcher.connect();
  try {
    while (!done()) {
      const { rows } = await watcher.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND datname = current_database() AND query ~ $1`,
        [query],
      );
      if (rows[0].n > 0) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    await watcher.end();
  }
}
