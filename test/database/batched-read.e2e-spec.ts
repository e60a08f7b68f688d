import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { BatchedRead, perTurnLoader, prepared, SharedRead, WritesUnderWay } from '@rxbridge/database';
import { createTestDatabase } from '../support/infra';

/**
 * BatchedRead against a real PostgreSQL: every statement it sends goes through `note_read`, which
 * writes the keys it was given to `reads`, so the tests count the statements the database ran.
 */
let db: { url: string; drop: () => Promise<void> };
let ds: DataSource;

const READ = new BatchedRead<{ key: string; n: number }>(
  prepared(
    'batched-read-test',
    `SELECT r.key::text AS key, r.n
       FROM note_read($1::uuid[]) AS c, batch_rows r
      WHERE r.key = ANY($1::uuid[])
      ORDER BY r.n`,
  ),
  (row) => row.key,
);

const statements = async () =>
  (await ds.query(`SELECT keys::text[] AS keys FROM reads ORDER BY id`)) as { keys: string[] }[];

beforeAll(async () => {
  db = await createTestDatabase();
  ds = new DataSource({ type: 'postgres', url: db.url });
  await ds.initialize();
  await ds.query(`CREATE TABLE batch_rows (key uuid NOT NULL, n int NOT NULL)`);
  await ds.query(`CREATE TABLE reads (id serial PRIMARY KEY, keys uuid[] NOT NULL)`);
  await ds.query(`CREATE FUNCTION note_read(keys uuid[]) RETURNS int LANGUAGE sql AS
                    'INSERT INTO reads (keys) VALUES (keys) RETURNING 1'`);
});
afterAll(async () => {
  await ds?.destroy();
  await db?.drop();
});
beforeEach(() => ds.query('TRUNCATE batch_rows, reads'));

it('reads the keys asked for in one turn in one statement, each caller getting only its own rows', async () => {
  const [a, b, empty] = [randomUUID(), randomUUID(), randomUUID()];
  await ds.query(`INSERT INTO batch_rows (key, n) VALUES ($1, 1), ($2, 2), ($1, 3)`, [a, b]);
  const [forA, forB, forAAgain, forEmpty] = await Promise.all([
    READ.load(ds.manager, a),
    READ.load(ds.manager, b),
    READ.load(ds.manager, a),
    READ.load(ds.manager, empty),
  ]);
  expect(forA).toEqual([
    { key: a, n: 1 },
    { key: a, n: 3 },
  ]);
  expect(forAAgain).toEqual(forA);
  expect(forB).toEqual([{ key: b, n: 2 }]);
  expect(forEmpty).toEqual([]);
  // One statement, each key once.
  expect(await statements()).toEqual([{ keys: [a, b, empty] }]);
});

it('sees what was committed before it was asked, and reads again on the next turn', async () => {
  const key = randomUUID();
  expect(await READ.load(ds.manager, key)).toEqual([]);
  await ds.query(`INSERT INTO batch_rows (key, n) VALUES ($1, 7)`, [key]);
  expect(await READ.load(ds.manager, key)).toEqual([{ key, n: 7 }]);
  expect(await statements()).toHaveLength(2);
});

it('sends at most 100 keys per statement', async () => {
  const keys = Array.from({ length: 250 }, () => randomUUID());
  const answers = await Promise.all(keys.map((key) => READ.load(ds.manager, key)));
  expect(answers.every((rows) => rows.length === 0)).toBe(true);
  expect((await statements()).map((s) => s.keys.length).sort((x, y) => x - y)).toEqual([50, 100, 100]);
});

it("does not fail a caller for another caller's bad key: a failed batch is read key by key", async () => {
  const good = randomUUID();
  await ds.query(`INSERT INTO batch_rows (key, n) VALUES ($1, 1)`, [good]);
  const [bad, ok] = await Promise.allSettled([READ.load(ds.manager, 'not-a-uuid'), READ.load(ds.manager, good)]);
  expect(bad.status).toBe('rejected');
  expect((bad as PromiseRejectedResult).reason.message).toMatch(/invalid input syntax for type uuid/);
  expect(ok).toEqual({ status: 'fulfilled', value: [{ key: good, n: 1 }] });
});

it("reads inside a transaction on that transaction's connection, unbatched", async () => {
  const key = randomUUID();
  await ds.transaction(async (manager) => {
    await manager.query(`INSERT INTO batch_rows (key, n) VALUES ($1, 5)`, [key]);
    // Not committed yet: only the transaction's own connection sees the row.
    expect(await READ.load(manager, key)).toEqual([{ key, n: 5 }]);
    expect(await READ.load(ds.manager, key)).toEqual([]);
  });
});

describe('SharedRead', () => {
  let shaped = 0;
  // One row for all the keys asked for: the sum of each key's rows, as JSON.
  const SHARED = new SharedRead<{ sums: { key: string; total: number }[] }, Map<string, number>>(
    prepared(
      'shared-read-test',
      `SELECT (SELECT coalesce(json_agg(s), '[]') FROM (
                 SELECT r.key, sum(r.n)::int AS total FROM note_read($1::uuid[]) AS c, batch_rows r
                  WHERE r.key = ANY($1::uuid[]) GROUP BY r.key) s) AS sums`,
    ),
    (row) => {
      shaped++;
      return new Map(row.sums.map((s) => [s.key, s.total]));
    },
  );

  it('reads the union of the keys asked for in one turn in one statement, shaped once, shared', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await ds.query(`INSERT INTO batch_rows (key, n) VALUES ($1, 1), ($2, 2), ($1, 3), ($3, 4)`, [a, b, c]);
    shaped = 0;
    const [one, two] = await Promise.all([SHARED.load(ds.manager, [a, b]), SHARED.load(ds.manager, [b, c])]);
    expect(one).toBe(two);
    expect([...one.entries()].sort()).toEqual(
      [
        [a, 4],
        [b, 2],
        [c, 4],
      ].sort(),
    );
    expect(shaped).toBe(1);
    expect((await statements()).map((r) => [...r.keys].sort())).toEqual([[a, b, c].sort()]);
  });

  it("reads inside a transaction on that transaction's connection, seeing its writes", async () => {
    const a = randomUUID();
    await ds.transaction(async (manager) => {
      await manager.query(`INSERT INTO batch_rows (key, n) VALUES ($1, 5)`, [a]);
      expect((await SHARED.load(manager, [a])).get(a)).toBe(5);
    });
  });

  it('fails every caller of a failed batch', async () => {
    const results = await Promise.allSettled([
      SHARED.load(ds.manager, ['not-a-uuid']),
      SHARED.load(ds.manager, [randomUUID()]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});

it('holds the reads that follow writes until no write is under way, then sends them as one batch', async () => {
  const writes = new WritesUnderWay(60_000);
  const batches: string[][] = [];
  const loader = perTurnLoader<string, string>(
    async (keys) => {
      batches.push([...keys]);
      return [...keys];
    },
    { after: writes },
  );
  // Two writes under way; the first ends and its caller asks for its read, which waits for the second.
  let endSecond!: () => void;
  const second = writes.around(() => new Promise<void>((resolve) => (endSecond = resolve)));
  const firstRead = writes.around(async () => undefined).then(() => loader.load('first'));
  await writes.around(async () => undefined);
  await new Promise((resolve) => setImmediate(resolve));
  expect(batches).toEqual([]);
  endSecond();
  await second;
  const [a, b] = await Promise.all([firstRead, loader.load('second')]);
  expect([a, b]).toEqual(['first', 'second']);
  expect(batches).toEqual([['first', 'second']]);
  // With nothing under way a read goes out at once.
  await loader.load('alone');
  expect(batches.at(-1)).toEqual(['alone']);
});

it('sends a held read after its longest wait even while writes go on', async () => {
  const writes = new WritesUnderWay(20);
  const loader = perTurnLoader<string, string>(async (keys) => [...keys], { after: writes });
  let endWrite!: () => void;
  const write = writes.around(() => new Promise<void>((resolve) => (endWrite = resolve)));
  // Resolves although the write is still under way: the wait is bounded.
  await expect(loader.load('k')).resolves.toBe('k');
  endWrite();
  await write;
});
