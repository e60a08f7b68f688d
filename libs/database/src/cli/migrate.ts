import { runMigrations } from '../data-source';
import { databaseUrl, loadDotEnv } from './env';

// `npm run migration:run`: applies pending migrations to DATABASE_URL.
async function main() {
  loadDotEnv();
  const done = await runMigrations(databaseUrl());
  console.log(done.length ? `Applied: ${done.join(', ')}` : 'Database is up to date');
}
main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
