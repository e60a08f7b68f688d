import type { DataSource } from 'typeorm';
import type { PoolClient, QueryConfig, QueryResultRow } from 'pg';
import { queryConfig, type PreparedStatement } from './prepared';

/** A transaction's statements, sent as soon as they are called. */
export interface PipelinedTransaction {
  /** Sends a statement and resolves with its rows. */
  query<Row extends QueryResultRow>(statement: PreparedStatement, values: unknown[]): Promise<Row[]>;
  /** Sends a statement whose rows nobody reads: it goes out with the COMMIT, which fails if it did. */
  send(statement: PreparedStatement, values: unknown[]): void;
}

/**
 * A short transaction of the worker's in fewer round trips (docs/architecture.md §15 Performance).
 * On a connection in node-postgres's pipeline mode (`pipeline` in the pool's options) a statement
 * goes out without waiting for the one before to answer: BEGIN leaves with the first statement,
 * and COMMIT right behind the statements `work` sent and did not wait for. The guarantees are a
 * transaction's: a statement that fails makes PostgreSQL answer the COMMIT with a rollback, and
 * this throws. On a connection without pipeline mode the same calls run one after another.
 */
export async function pipelinedTransaction<T>(
  ds: DataSource,
  work: (tx: PipelinedTransaction) => Promise<T>,
): Promise<T> {
  // Through TypeORM's query runner, so that closing the data source (a worker's shutdown) releases
  // the connection of a transaction still waiting, as it does its own transactions'.
  const runner = ds.createQueryRunner();
  const client = (await runner.connect()) as PoolClient;
  const inFlight: Promise<unknown>[] = [];
  const sent = <Row extends QueryResultRow>(config: string | QueryConfig) => {
    const result = client.query<Row>(config);
    // Awaited together before the commit is trusted; until then a failure must not go unhandled.
    result.catch(() => undefined);
    inFlight.push(result);
    return result;
  };
  const tx: PipelinedTransaction = {
    query: async <Row extends QueryResultRow>(statement: PreparedStatement, values: unknown[]) =>
      (await sent<Row>(queryConfig(ds, statement, values))).rows,
    send: (statement, values) => void sent(queryConfig(ds, statement, values)),
  };
  try {
    sent('BEGIN');
    const result = await work(tx);
    const commit = client.query('COMMIT');
    commit.catch(() => undefined);
    await Promise.all(inFlight);
    if ((await commit).command !== 'COMMIT') throw new Error('the transaction was rolled back');
    return result;
  } catch (err) {
    // A connection lost on the way leaves the pool on its 'error' (the query runner's listener).
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await runner.release();
  }
}
