import DataLoader from 'dataloader';
import type { DataSource, EntityManager } from 'typeorm';
import type { QueryResultRow } from 'pg';
import { runPrepared, type PreparedStatement } from './prepared';

/** At most this many keys in one statement; a larger batch is sent as several. */
const MAX_KEYS = 100;

/**
 * What the API's request paths load for many requests at once (a patient's prescriptions, a
 * navigator's answer, a health probe): DataLoader without its cache, batching the keys asked for in one turn of the
 * event loop. The batch waits for the end of that turn (`setImmediate`, after every request read in
 * it), so each caller's read is sent after it asked: a caller's own write, committed before it
 * asked, is always in what it gets, and nothing is kept between turns (docs/architecture.md §15).
 * With `windowMs` the batch gathers what is asked for that long instead: for writes no caller
 * waits on (marking pushes published).
 */
export function perTurnLoader<Key, Value>(
  load: (keys: readonly Key[]) => Promise<(Value | Error)[]>,
  { after, windowMs }: { after?: WritesUnderWay; windowMs?: number } = {},
) {
  const send = (run: () => void) => (windowMs ? setTimeout(run, windowMs).unref() : setImmediate(run));
  return new DataLoader<Key, Value, Key>(load, {
    cache: false,
    maxBatchSize: MAX_KEYS,
    batchScheduleFn: (run) => (after ? after.whenDone(() => send(run)) : send(run)),
  });
}

/**
 * Writes under way whose callers then read (a navigator's move, then its answer): a loader given
 * it (`perTurnLoader(load, { after })`) sends its batch once none is under way, or `maxWaitMs`
 * after it was formed, whichever comes first. Under a burst of writes their reads then go out as a
 * few statements instead of one per turn, and take less of the database's time the writes still
 * need; a lone write's read goes out at once (docs/architecture.md §15 Performance).
 */
export class WritesUnderWay {
  private count = 0;
  private readonly waiting = new Set<() => void>();

  constructor(private readonly maxWaitMs = 20) {}

  /** Runs `write`, counted as under way until it settles. */
  async around<T>(write: () => Promise<T>): Promise<T> {
    this.count++;
    try {
      return await write();
    } finally {
      if (--this.count === 0) for (const release of [...this.waiting]) release();
    }
  }

  /** Calls `run` once no write is under way, or after `maxWaitMs` at most. */
  whenDone(run: () => void): void {
    if (this.count === 0) return run();
    const release = () => {
      clearTimeout(timer);
      this.waiting.delete(release);
      run();
    };
    const timer = setTimeout(release, this.maxWaitMs);
    this.waiting.add(release);
  }
}

/**
 * One read made by many requests at once, each for its own key (a patient's prescriptions), sent
 * as one prepared statement over all their keys (`$1`, an array) and split by key on its way back.
 * On this machine a query's round trip, not the query, is most of what a read costs the API and
 * PostgreSQL: the socket write that wakes the other process costs more than parsing the rows
 * (docs/architecture.md §15 Performance). Each caller gets only the rows whose `keyOf` is its key
 * (the same array for callers of the same key: read it, never change it). A failed batch is read
 * again key by key, so that one caller's bad key does not fail another's read.
 *
 * Inside a transaction the read goes straight to that transaction's connection, unbatched.
 */
export class BatchedRead<Row extends QueryResultRow> {
  /** One loader per data source (tests run several APIs in one process). */
  private readonly loaders = new WeakMap<DataSource, DataLoader<string, Row[], string>>();

  /** `params` turns the keys into the statement's parameters: by default the keys themselves, as `$1`. */
  constructor(
    private readonly statement: PreparedStatement,
    private readonly keyOf: (row: Row) => string,
    private readonly params: (keys: string[]) => unknown[] = (keys) => [keys],
  ) {}

  load(manager: EntityManager, key: string): Promise<Row[]> {
    if (manager.queryRunner) return runPrepared<Row>(manager, this.statement, this.params([key]));
    let loader = this.loaders.get(manager.dataSource);
    if (!loader) {
      loader = perTurnLoader((keys) => this.read(manager, keys));
      this.loaders.set(manager.dataSource, loader);
    }
    return loader.load(key);
  }

  private async read(manager: EntityManager, keys: readonly string[]): Promise<(Row[] | Error)[]> {
    let rows: Row[];
    try {
      // Without its cache DataLoader hands a key over once per caller: the statement needs it once.
      rows = await runPrepared<Row>(manager, this.statement, this.params([...new Set(keys)]));
    } catch (error) {
      if (keys.length === 1) return [error instanceof Error ? error : new Error(String(error))];
      return Promise.all(keys.map(async (key) => (await this.read(manager, [key]))[0]));
    }
    const byKey = new Map<string, Row[]>(keys.map((key) => [key, []]));
    for (const row of rows) byKey.get(this.keyOf(row))?.push(row);
    return keys.map((key) => byKey.get(key)!);
  }
}

/**
 * One read whose one answer covers all the keys that requests ask for in one turn (an application view's parts:
 * JSON arrays over every application asked for), sent as one prepared statement over their union (`$1`) and shared:
 * each caller picks its own keys' part out of it. `shape` turns the statement's one row into what is shared, once
 * per batch; callers read it, never change it. Keys are ids (no commas). Inside a transaction the read goes
 * straight to its connection.
 */
export class SharedRead<Row extends QueryResultRow, Shared> {
  private readonly loaders = new WeakMap<DataSource, DataLoader<string, Shared, string>>();

  constructor(
    private readonly statement: PreparedStatement,
    private readonly shape: (row: Row) => Shared,
  ) {}

  load(manager: EntityManager, keys: readonly string[]): Promise<Shared> {
    if (manager.queryRunner) return this.read(manager, keys);
    let loader = this.loaders.get(manager.dataSource);
    if (!loader) {
      // A caller's keys travel as one loader key, so they are always in the same batch.
      loader = perTurnLoader(async (asks) => {
        const shared = await this.read(
          manager,
          asks.flatMap((ask) => ask.split(',')),
        );
        return asks.map(() => shared);
      });
      this.loaders.set(manager.dataSource, loader);
    }
    return loader.load(keys.join(','));
  }

  private async read(manager: EntityManager, keys: readonly string[]): Promise<Shared> {
    const [row] = await runPrepared<Row>(manager, this.statement, [[...new Set(keys)]]);
    return this.shape(row);
  }
}
