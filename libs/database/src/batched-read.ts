import type { DataSource, EntityManager } from 'typeorm';
import type { QueryResultRow } from 'pg';
import { runPrepared, type PreparedStatement } from './prepared';

/** At most this many keys in one statement; a larger batch is sent as several. */
const MAX_KEYS = 100;

interface Waiter<Row> {
  resolve(rows: Row[]): void;
  reject(error: unknown): void;
}

/**
 * One read made by many requests at once, each for its own key (a patient's prescriptions), sent
 * as one prepared statement over all their keys (`$1`, an array) and split by key on its way back.
 * On this machine a query's round trip, not the query, is most of what a read costs the API and
 * PostgreSQL: the socket write that wakes the other process costs more than parsing the rows
 * (docs/architecture.md §15 Performance). Nothing is cached: the keys asked for in one turn of the
 * event loop wait for the end of that turn (`setImmediate`) and are then read together, so every
 * caller's read is sent after it asked, and a patient's own write, committed before they asked,
 * is always in what they get. Each caller gets only the rows whose `keyOf` is its key (the same array
 * for callers of the same key: read it, never change it). A failed batch is read again key by key.
 *
 * Inside a transaction the read goes straight to that transaction's connection, unbatched.
 */
export class BatchedRead<Row extends QueryResultRow> {
  /** Keys waiting for the end of the current turn, per data source (tests run several APIs in one process). */
  private readonly pending = new Map<DataSource, Map<string, Waiter<Row>[]>>();

  constructor(
    private readonly statement: PreparedStatement,
    private readonly keyOf: (row: Row) => string,
  ) {}

  load(manager: EntityManager, key: string): Promise<Row[]> {
    if (manager.queryRunner) return runPrepared<Row>(manager, this.statement, [[key]]);
    return new Promise<Row[]>((resolve, reject) => {
      let batch = this.pending.get(manager.connection);
      if (!batch) {
        batch = new Map();
        this.pending.set(manager.connection, batch);
        setImmediate(() => this.flush(manager));
      }
      const waiters = batch.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
    });
  }

  private flush(manager: EntityManager): void {
    const batch = this.pending.get(manager.connection);
    this.pending.delete(manager.connection);
    if (!batch) return;
    const keys = [...batch.keys()];
    for (let i = 0; i < keys.length; i += MAX_KEYS) void this.read(manager, keys.slice(i, i + MAX_KEYS), batch);
  }

  private async read(manager: EntityManager, keys: string[], batch: Map<string, Waiter<Row>[]>): Promise<void> {
    let rows: Row[];
    try {
      rows = await runPrepared<Row>(manager, this.statement, [keys]);
    } catch (error) {
      // Read again key by key, so that a failure of one caller's key is not another caller's.
      if (keys.length > 1) for (const key of keys) void this.read(manager, [key], batch);
      else for (const waiter of batch.get(keys[0])!) waiter.reject(error);
      return;
    }
    const byKey = new Map<string, Row[]>(keys.map((key) => [key, []]));
    for (const row of rows) byKey.get(this.keyOf(row))?.push(row);
    for (const key of keys) {
      const own = byKey.get(key)!;
      for (const waiter of batch.get(key)!) waiter.resolve(own);
    }
  }
}
