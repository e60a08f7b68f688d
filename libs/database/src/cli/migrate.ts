import { runMigrations } from '../data-source';

// `npm run migration:run`: applies pending migrations to DATABASE_URL.
async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'DATABASE_URL is not set: name the PostgreSQL database to migrate, e.g. postgres://user@host:5432/db',
    );
    process.exit(1);
  }
  const done = await runMigrations(url);
  console.log(done.length ? `Applied: ${done.join(', ')}` : 'Database is up to date');
}
main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
