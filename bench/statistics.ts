import { Client } from 'pg';

/**
 * Does what a production PostgreSQL's autovacuum does between the steps (docs/benchmarks.md,
 * "PostgreSQL's statistics"): the tests' PostgreSQL may run with autovacuum off. Its analyze keeps
 * the planner's statistics (a database filled during the run had none, and every read of a few rows
 * among thousands became a scan of the whole table); its vacuum clears the row versions that the
 * moves' updates leave behind (without it, the mixed load's third run answered patients about twice
 * as slowly as its first at the same rate). Called after a figure's setup and before each mixed-load
 * step, about as often as autovacuum's one-minute round would come.
 */
export async function refreshStatistics(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('VACUUM (ANALYZE)');
  } finally {
    await client.end();
  }
}
