import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { Redis } from 'ioredis';

/**
 * Where the tests' PostgreSQL and Redis are: what `npm test` (tools/test-env) found or started,
 * else the environment's DATABASE_URL / REDIS_URL, else the local defaults.
 */
export function testServers() {
  const pgAdmin =
    process.env.TEST_DATABASE_ADMIN_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redis = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const runId = (process.env.TEST_RUN_ID ??= `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`);
  return { pgAdmin, redis, runId };
}

/** A fresh, empty database of this test run; dropped by the returned function. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { pgAdmin, runId } = testServers();
  // Jest loads this module anew for each test file, so a counter would start again in the same
  // worker process and meet a database that a failed file left behind: the name is random instead.
  const name = `rxb_test_${runId}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: pgAdmin });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(pgAdmin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: pgAdmin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A Redis key prefix of its own, and a function that deletes every key under it. */
export function createRedisNamespace(): { url: string; prefix: string; clean: () => Promise<void> } {
  const { redis, runId } = testServers();
  const prefix = `rxbt:${runId}:${process.pid}:${randomBytes(4).toString('hex')}`;
  return {
    url: redis,
    prefix,
    clean: () => deleteKeysUnder(redis, prefix),
  };
}

/** Deletes every key under a prefix of this Redis, leaving the other prefixes (other tests') alone. */
export async function deleteKeysUnder(url: string, prefix: string): Promise<void> {
  const r = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await r.del(...keys);
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
}
