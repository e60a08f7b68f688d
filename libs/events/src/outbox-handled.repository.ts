import type { EntityManager } from 'typeorm';
import { prepared, runPrepared } from '@rxbridge/database';
import type { TraceCarrier } from '@rxbridge/platform';

// What is still to do for each relayed event lives in PostgreSQL, not in Redis: each queue the relay
// put it on stays in the row's unhandled_queues until that queue's job finished (docs/architecture.md
// §6 When Redis loses its data).

const MARK_HANDLED = prepared(
  'outbox-mark-handled',
  `UPDATE outbox SET unhandled_queues = array_remove(unhandled_queues, $1::text)
    WHERE id = ANY($2::uuid[]) AND $1::text = ANY(unhandled_queues)`,
);

/** The queue's jobs of these events finished (done, or failed for good): nothing to relay again. */
export async function markHandled(manager: EntityManager, queue: string, eventIds: string[]): Promise<void> {
  if (eventIds.length) await runPrepared(manager, MARK_HANDLED, [queue, eventIds]);
}

export interface UnhandledEvent {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  userId: string | null;
  createdAt: Date;
  queues: string[];
  /** The writer's trace context (docs/architecture.md §13 Tracing). */
  traceContext: TraceCarrier | null;
}

/** One page, oldest first, of the relayed events whose jobs have not all finished (after `after`). */
export function unhandledEvents(
  manager: EntityManager,
  after: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<UnhandledEvent[]> {
  return manager.query(
    `SELECT id, type, payload, user_id AS "userId", created_at AS "createdAt", unhandled_queues AS queues,
            trace_context AS "traceContext"
       FROM outbox
      WHERE unhandled_queues <> '{}'::text[]
        AND ($1::timestamptz IS NULL OR (created_at, id) > ($1::timestamptz, $2::uuid))
      ORDER BY created_at, id LIMIT $3`,
    [after?.createdAt ?? null, after?.id ?? null, limit],
  );
}
