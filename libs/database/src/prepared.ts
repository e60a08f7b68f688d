import { EntityManager, type DataSource } from 'typeorm';
import type { Pool, PoolClient, QueryConfig, QueryResultRow } from 'pg';
import type { PipelinedTransaction } from './pipelined-transaction';
import { behindTransactionPooler } from './pooler';

/**
 * A read the API makes on most requests, sent as a named prepared statement: PostgreSQL parses and
 * plans it once per connection instead of on every call, which for the dashboard's lists is two
 * thirds of the database's work per request (docs/architecture.md §15 Performance). Only for SQL
 * whose text never varies (parameters carry every value) and that names its columns: a statement
 * with a changing text would leave a new prepared statement on each connection.
 */
export interface PreparedStatement {
  name: string;
  text: string;
}

const names = new Set<string>();

/** Declares a statement once, at module load; a name used twice is a programming error. */
export function prepared(name: string, text: string): PreparedStatement {
  if (names.has(name)) throw new Error(`Prepared statement '${name}' is declared twice`);
  names.add(name);
  return { name, text };
}

/**
 * Runs a prepared statement on the manager's transaction when it has one, otherwise on a pooled
 * connection (the pool's own checkout, lighter than TypeORM's query runner for a single read).
 * Given a pipelined transaction, sends it there at once (pipelinedTransaction).
 */
export async function runPrepared<Row extends QueryResultRow>(
  source: EntityManager | PipelinedTransaction,
  statement: PreparedStatement,
  values: unknown[],
): Promise<Row[]> {
  if (!(source instanceof EntityManager)) return source.query<Row>(statement, values);
  const config = queryConfig(source.dataSource, statement, values);
  if (source.queryRunner) {
    const client = (await source.queryRunner.connect()) as PoolClient;
    return (await client.query<Row>(config)).rows;
  }
  return (await poolOf(source.dataSource).query<Row>(config)).rows;
}

/**
 * The statement as node-postgres sends it. Behind a transaction-mode pooler the next query may
 * reach another server connection, where the name is unknown: the statement goes unnamed, planned
 * each time (docs/architecture.md §11).
 */
export function queryConfig(ds: DataSource, statement: PreparedStatement, values: unknown[]): QueryConfig {
  return behindTransactionPooler(ds)
    ? { text: statement.text, values }
    : { name: statement.name, text: statement.text, values };
}

/** The data source's own node-postgres pool, under TypeORM's driver. */
export function poolOf(ds: DataSource): Pool {
  return (ds.driver as unknown as { master: Pool }).master;
}
