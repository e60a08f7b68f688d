import { randomUUID } from 'node:crypto';
import { pipelinedTransaction, poolOf, prepared } from '@rxbridge/database';
import { migratedDatabase } from '../support/repository-db';

// The worker's short transactions send their statements without waiting for the one before
// (docs/architecture.md §15 Performance): they keep a transaction's guarantees all the same.
const db = migratedDatabase();

const CLAIM = prepared('test-pipelined-claim', `INSERT INTO processed_effects (key) VALUES ($1) RETURNING key`);
const CLAIM_AGAIN = prepared('test-pipelined-claim-again', `INSERT INTO processed_effects (key) VALUES ($1)`);
const claimed = async (key: string) =>
  (await db.ds.query(`SELECT 1 FROM processed_effects WHERE key = $1`, [key])).length > 0;

describe('pipelinedTransaction', () => {
  it('runs on connections in pipeline mode', () => {
    expect((poolOf(db.ds) as unknown as { options: { pipeline?: boolean } }).options.pipeline).toBe(true);
  });

  it('commits what it read and what it sent behind the COMMIT', async () => {
    const [first, second] = [`effect:${randomUUID()}`, `effect:${randomUUID()}`];
    const rows = await pipelinedTransaction(db.ds, async (tx) => {
      const read = await tx.query<{ key: string }>(CLAIM, [first]);
      tx.send(CLAIM_AGAIN, [second]);
      return read;
    });
    expect(rows).toEqual([{ key: first }]);
    expect([await claimed(first), await claimed(second)]).toEqual([true, true]);
  });

  it('rolls everything back and throws when a statement sent behind the COMMIT fails', async () => {
    const [first, taken] = [`effect:${randomUUID()}`, `effect:${randomUUID()}`];
    await db.ds.query(`INSERT INTO processed_effects (key) VALUES ($1)`, [taken]);
    await expect(
      pipelinedTransaction(db.ds, async (tx) => {
        await tx.query(CLAIM, [first]);
        tx.send(CLAIM_AGAIN, [taken]);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await claimed(first)).toBe(false);
  });

  it('rolls back when the work throws, even with a statement still unanswered', async () => {
    const key = `effect:${randomUUID()}`;
    await expect(
      pipelinedTransaction(db.ds, async (tx) => {
        tx.send(CLAIM_AGAIN, [key]);
        throw new Error('SMTP down');
      }),
    ).rejects.toThrow('SMTP down');
    expect(await claimed(key)).toBe(false);
  });

  it('leaves every connection of the pool usable after failures', async () => {
    const size = (poolOf(db.ds) as unknown as { options: { max: number } }).options.max;
    const failures = Array.from({ length: size * 2 }, () =>
      pipelinedTransaction(db.ds, async (tx) => {
        await tx.query(CLAIM, [`effect:${randomUUID()}`]);
        tx.send(CLAIM_AGAIN, [null]);
      }).catch((err: Error) => err.message),
    );
    expect(new Set(await Promise.all(failures)).size).toBe(1);
    const keys = Array.from({ length: size * 2 }, () => `effect:${randomUUID()}`);
    await Promise.all(keys.map((key) => pipelinedTransaction(db.ds, (tx) => tx.query(CLAIM, [key]))));
    expect(await Promise.all(keys.map(claimed))).toEqual(keys.map(() => true));
  });
});
