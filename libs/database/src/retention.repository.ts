import type { EntityManager } from 'typeorm';

/** Rows per DELETE: small enough that each statement holds its row locks for milliseconds. */
const BATCH = 1000;

/** The ages past which rows go: the bookkeeping's (RETENTION_DAYS) and the communications' (the Privacy page's). */
export interface PruneCutoffs {
  bookkeeping: Date;
  communications: Date;
}

/**
 * What is pruned, by age (docs/architecture.md §6 Retention). The audit log never is. Each
 * statement deletes one batch by primary key, selected through an index on the age column;
 * SKIP LOCKED leaves rows another transaction holds (the relay marking a row) for the next batch.
 */
const PRUNES: ReadonlyArray<{ table: string; key: string; where: string; past: keyof PruneCutoffs }> = [
  // An event whose job failed for good is kept, however old, until a retry handles it.
  {
    table: 'outbox',
    key: 'id',
    where: `published_at IS NOT NULL AND published_at < $1 AND coalesce(unhandled_queues, '{}') = '{}'`,
    past: 'bookkeeping',
  },
  // Never one younger than an event still waiting for a retry (its job failed for good): that retry, by an admin or the
  // rebuild once the job is gone from Redis, finds the effects it already had and does not repeat them.
  {
    table: 'processed_effects',
    key: 'key',
    where: `created_at < $1 AND created_at < coalesce(
      (SELECT min(created_at) FROM outbox WHERE unhandled_queues <> '{}'::text[]), 'infinity')`,
    past: 'bookkeeping',
  },
  { table: 'stripe_events', key: 'id', where: 'received_at < $1', past: 'bookkeeping' },
  // Expired for the whole retention: a token is kept a while after expiry to recognise its reuse.
  { table: 'refresh_tokens', key: 'id', where: 'expires_at < $1', past: 'bookkeeping' },
  // Idle for the whole retention: longer than any session lives (docs/architecture.md §9).
  { table: 'session_activity', key: 'session_id', where: 'last_active_at < $1', past: 'bookkeeping' },
  // A patient's messages to support, answered or not: communications with our team.
  { table: 'support_messages', key: 'id', where: 'created_at < $1', past: 'communications' },
];

/**
 * Removes the rows older than their cutoff, in batches, and returns the rows removed per
 * table. Give it a manager outside any transaction: each batch is then its own short transaction
 * (autocommit), so neither the relay nor the API ever waits behind a long DELETE.
 */
export async function pruneRowsBefore(manager: EntityManager, cutoffs: PruneCutoffs): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const { table, key, where, past } of PRUNES) {
    removed[table] = 0;
    for (;;) {
      const [, count] = (await manager.query(
        `DELETE FROM ${table} WHERE ${key} IN (
           SELECT ${key} FROM ${table} WHERE ${where} LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`,
        [cutoffs[past]],
      )) as [unknown, number];
      removed[table] += count;
      if (count < BATCH) break;
    }
  }
  return removed;
}
