import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The database commands read `.env` like the API and the worker (README "Settings"; libs/platform's
 * loadDotEnv, which this lib cannot import): the environment wins over the file.
 */
export function loadDotEnv(): void {
  const file = resolve(process.cwd(), '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

/**
 * DATABASE_DIRECT_URL, else DATABASE_URL, or an explanation: migrations want a connection that keeps
 * its session, not a transaction-mode PgBouncer (docs/architecture.md §11 Managed services).
 */
export function databaseUrl(): string {
  const url = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'DATABASE_URL is not set: name the PostgreSQL database, e.g. postgres://user@host:5432/db (environment or .env)',
    );
    process.exit(1);
  }
  return url;
}
