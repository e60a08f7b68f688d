import type { DataSource } from 'typeorm';
import { pipelinedTransaction, prepared } from '@rxbridge/database';

// Every email and charge claims its key: prepared (docs/architecture.md §15 Performance).
const CLAIM_EFFECT = prepared(
  'claim-effect',
  `INSERT INTO processed_effects (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING key`,
);

/**
 * Does a side effect once per key, whatever redeliveries happen (docs/architecture.md §6 Outbox and
 * idempotent handlers). In one transaction: claim the key, do the effect, and mark it done by
 * committing. An effect that fails rolls the claim back, so the job's retry does it again; a key
 * already done is skipped. The one window left: a crash after the effect (the email went out) and
 * before the commit, which rolls the claim back and lets the retry repeat the effect once.
 * Returns whether it ran.
 */
export function doEffectOnce(db: DataSource, key: string, effect: () => Promise<void>): Promise<boolean> {
  // BEGIN leaves with the claim (pipelinedTransaction): two round trips around the effect, not three.
  return pipelinedTransaction(db, async (tx) => {
    if (!(await tx.query(CLAIM_EFFECT, [key])).length) return false;
    await effect();
    return true;
  });
}
