import { Client } from 'pg';

/**
 * Brings the planner's statistics up to date, as a production PostgreSQL's autovacuum keeps them
 * (docs/benchmarks.md, "PostgreSQL's statistics"). The tests' PostgreSQL may run with autovacuum
 * off, and a database filled during the run then has none: every read of a few rows among
 * thousands became a scan of the whole table. Called after a figure's setup and between steps, as
 * tables grow the way autovacuum's analyze would see them grow.
 */
export async function refreshStatistics(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}
