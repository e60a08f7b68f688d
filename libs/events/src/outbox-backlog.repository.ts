import type { EntityManager } from 'typeorm';

/** The outbox rows not yet on a queue: how many, and the age of the oldest in seconds (0 when none). */
export interface OutboxBacklog {
  pending: number;
  lag: number;
}

/** Read when the worker's metrics are scraped (docs/architecture.md §13 Production rules). */
export async function outboxBacklog(manager: EntityManager): Promise<OutboxBacklog> {
  const [row] = (await manager.query(
    `SELECT count(*)::int AS pending,
            COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float AS lag
       FROM outbox WHERE published_at IS NULL`,
  )) as OutboxBacklog[];
  return row;
}
