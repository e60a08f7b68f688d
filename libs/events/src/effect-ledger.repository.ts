import type { DataSource } from 'typeorm';
import { pipelinedTransaction, prepared, type PipelinedTransaction } from '@rxbridge/database';

// Every email and charge claims its key: prepared (docs/architecture.md §15 Performance).
const CLAIM_EFFECT = prepared(
  'claim-effect',
  `INSERT INTO processed_effects (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING key`,
);

/** Whether the effect of this key was done (its claim committed), as a redelivered job asks before anything else. */
export async function effectDone(db: DataSource, key: string): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM processed_effects WHERE key = $1`, [key])).length > 0;
}

/**
 * Does a side effect once per key, whatever redeliveries happen (docs/architecture.md §6 Outbox and
 * idempotent handlers). In one transaction: claim the key, do the effect, and mark it done by
 * committing. An effect that fails rolls the claim back, so the job's retry does it again; a key
 * already done is skipped. The one window left: a crash after the effect (the email went out) and
 * before the commit, which rolls the claim back and lets the retry repeat the effect once.
 * `read`, when given, reads what the effect needs (a status email's recipient) in the claim's own
 * round trip, inside the transaction, and hands it to the effect. Returns whether the effect ran.
 */
export function doEffectOnce<Context = undefined>(
  db: DataSource,
  key: string,
  effect: (context: Context) => Promise<void>,
  read?: (tx: PipelinedTransaction) => Promise<Context>,
): Promise<boolean> {
  // BEGIN leaves with the claim, and the read right behind it (pipelinedTransaction): two round
  // trips around the effect, not three, and not four with a read of its own.
  return pipelinedTransaction(db, async (tx) => {
    const claimed = tx.query(CLAIM_EFFECT, [key]);
    const context = read?.(tx);
    // A failed claim fails the transaction; the read's own failure must not go unhandled meanwhile.
    context?.catch(() => undefined);
    if (!(await claimed).length) return false;
    await effect((await context) as Context);
    return true;
  });
}
