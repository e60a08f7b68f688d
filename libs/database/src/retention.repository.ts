import type { EntityManager } from 'typeorm';

/** Rows per DELETE: small enough that each statement holds its row locks for milliseconds. */
const BATCH = 1000;

/**
 * What is pruned, by age (docs/architecture.md §6 Retention). The audit log never is. Each
 * statement deletes one batch by primary key, selected through an index on the age column;
 * SKIP LOCKED leaves rows another transaction holds (the relay marking a row) for the next batch.
 */
const PRUNES: ReadonlyArray<{ table: string; key: string; where: string }> = [
  // An event whose job failed for good is kept, however old, until a retry handles it.
  {
    table: 'outbox',
    key: 'id',
    where: `published_at IS NOT NULL AND published_at < $1 AND coalesce(unhandled_queues, '{}') = '{}'`,
  },
  { table: 'processed_effects', key: 'key', where: 'created_at < $1' },
  { table: 'stripe_events', key: 'id', where: 'received_at < $1' },
  // Expired for the whole retention: a token is kept a while after expiry to recognise its reuse.
  { table: 'refresh_tokens', key: 'id', where: 'expires_at < $1' },
  // Idle for the whole retention: longer than any session lives (docs/architecture.md §9).
  { table: 'session_activity', key: 'session_id', where: 'last_active_at < $1' },
];

/**
 * Removes the bookkeeping rows older than `cutoff`, in batches, and returns the rows removed per
 * table. Give it a manager outside any transaction: each batch is then its own short transaction
 * (autocommit), so neither the relay nor the API ever waits behind a long DELETE.
 */
export async function pruneRowsBefore(manager: EntityManager, cutoff: Date): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const { table, key, where } of PRUNES) {
    removed[table] = 0;
    for (;;) {
      const [, count] = (await manager.query(
        `DELETE FROM ${table} WHERE ${key} IN (
           SELECT ${key} FROM ${table} WHERE ${where} LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`,
        [cutoff],
      )) as [unknown, number];
      removed[table] += count;
      if (count < BATCH) break;
    }
  }
  return removed;
}
