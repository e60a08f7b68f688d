import type { DataSource, EntityManager } from 'typeorm';
import { prepared, runPrepared } from '@rxbridge/database';

// Every email and charge claims its key: prepared (docs/architecture.md §15 Performance).
const CLAIM_EFFECT = prepared(
  'claim-effect',
  `INSERT INTO processed_effects (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING key`,
);

/**
 * Claims an effect's key in the caller's transaction: true when this transaction now holds it,
 * false when it was done already. A concurrent claim of the same key waits on the row until the
 * holder's transaction ends.
 */
export async function claimEffect(manager: EntityManager, key: string): Promise<boolean> {
  return (await runPrepared(manager, CLAIM_EFFECT, [key])).length > 0;
}

/**
 * Does a side effect once per key, whatever redeliveries happen (docs/architecture.md §6 Outbox and
 * idempotent handlers). In one transaction: claim the key, do the effect, and mark it done by
 * committing. An effect that fails rolls the claim back, so the job's retry does it again; a key
 * already done is skipped. The one window left: a crash after the effect (the email went out) and
 * before the commit, which rolls the claim back and lets the retry repeat the effect once.
 * Returns whether it ran.
 */
export function doEffectOnce(db: DataSource, key: string, effect: () => Promise<void>): Promise<boolean> {
  return db.transaction(async (manager) => {
    if (!(await claimEffect(manager, key))) return false;
    await effect();
    return true;
  });
}
