import { Client } from 'pg';

/**
 * BENCH_PG_STATEMENTS=1 (docs/benchmarks.md, "Profiling"): PostgreSQL's own account of a figure.
 * `reset` empties pg_stat_statements before the figure, `report` prints its statements by calls per
 * request after it: how many round trips each request cost, and which. It needs the extension in
 * `shared_preload_libraries` (PostgreSQL restarted) and is skipped with a line saying so otherwise.
 */
const ENABLED = process.env.BENCH_PG_STATEMENTS === '1';

async function withClient<T>(databaseUrl: string, run: (client: Client) => Promise<T>): Promise<T | null> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    return await run(client);
  } catch (err) {
    process.stdout.write(`pg_stat_statements unavailable (${(err as Error).message}): preload it to see statements\n`);
    return null;
  } finally {
    await client.end();
  }
}

export async function resetStatements(databaseUrl: string): Promise<void> {
  if (!ENABLED) return;
  await withClient(databaseUrl, (client) => client.query('SELECT pg_stat_statements_reset()'));
}

/** Prints the statements of this database since the reset, most called first, per request answered. */
export async function reportStatements(databaseUrl: string, requests: number): Promise<void> {
  if (!ENABLED) return;
  const rows = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ calls: string; ms: number; query: string }>(
      `SELECT calls, total_exec_time AS ms, regexp_replace(query, '\\s+', ' ', 'g') AS query
         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY calls DESC LIMIT 40`,
    );
    return rows;
  });
  if (!rows) return;
  const total = rows.reduce((sum, r) => sum + Number(r.calls), 0);
  const lines = rows.map(
    (r) =>
      `${(Number(r.calls) / requests).toFixed(3).padStart(7)} /req ${(r.ms / Number(r.calls)).toFixed(3)} ms  ${r.query.slice(0, 140)}`,
  );
  process.stdout.write(
    `PostgreSQL statements per request (${requests} requests, ${(total / requests).toFixed(2)} statements each in the top 40):\n${lines.join('\n')}\n`,
  );
}
