import type { EntityManager } from 'typeorm';
import { prepared, runPrepared, type OutboxEvent, type PipelinedTransaction } from '@rxbridge/database';
import type { TraceCarrier } from '@rxbridge/platform';
import type { LivePush } from './live-push';

// Every statement on the outbox table (docs/architecture.md §6 Outbox and idempotent handlers): the
// writers' insert, the relay's claims and marks, the writer's mark of its own pushes, the handled
// marks of the worker's queues and the backlog the metrics read. The statements that run for every
// change or batch are prepared: PostgreSQL plans them once per connection (§15 Performance).

/**
 * The one insert of an outbox row, reading its parameters (outboxRow in outbox.ts) from `$first`
 * on. With `change`, it is the last part of a writer's statement whose change and event are one (a
 * navigator's move; docs/architecture.md §15 Performance): one row per row of `change.from`, so
 * that no row there (the change did not happen) means no event, and `change.at`, SQL for the time
 * the statement wrote the change, becomes the `at` of the payload and of the push's first message's data, as
 * JavaScript's toISOString() writes a time (milliseconds, UTC).
 */
function outboxInsert(first: number, change?: { from: string; at: string }): string {
  const $ = (i: number) => `$${first + i}`;
  const iso = change && `to_jsonb(to_char((${change.at}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  const stamped = (json: string, path: string) => (iso ? `jsonb_set(${json}, '${path}', ${iso}, false)` : json);
  return `INSERT INTO outbox (id, type, payload, user_id, push, push_after, trace_context)
    SELECT ${$(0)}::uuid, ${$(1)}, ${stamped(`${$(2)}::jsonb`, '{at}')}, ${$(3)}::uuid,
           ${stamped(`${$(4)}::jsonb`, '{0,data,at}')}, now() + make_interval(secs => ${$(5)}::int), ${$(6)}::jsonb
    ${change ? `FROM ${change.from}` : ''}`;
}

const APPEND = outboxInsert(1);

/** outboxInsert for a writer's own statement: rows of `from`, stamped with `at`. */
export const outboxInsertFrom = (first: number, from: string, at: string) => outboxInsert(first, { from, at });

/** Inserts one outbox row (outboxRow's parameters) in the caller's transaction. */
export async function insertOutboxRow(manager: EntityManager, params: unknown[]): Promise<void> {
  await manager.query(APPEND, params);
}

// `pushNow`: the row's push is the relay's to publish now (no writer publishes it, or its writer's
// grace is over and no one has).
const CLAIM_BATCH = prepared(
  'outbox-claim-batch',
  `SELECT id, type, payload, user_id AS "userId", push, created_at AS "createdAt", trace_context AS "traceContext",
          (push IS NOT NULL AND pushed_at IS NULL AND (push_after IS NULL OR push_after <= now())) AS "pushNow"
     FROM outbox
    WHERE published_at IS NULL ORDER BY created_at ASC LIMIT $1 FOR UPDATE SKIP LOCKED`,
);

export type ClaimedOutboxRow = OutboxEvent & { pushNow: boolean; traceContext: TraceCarrier | null };

/** The relay's batch: the oldest unpublished rows no other relay holds, locked until its commit. */
export function claimOutboxBatch(tx: PipelinedTransaction, limit: number): Promise<ClaimedOutboxRow[]> {
  return tx.query<ClaimedOutboxRow>(CLAIM_BATCH, [limit]);
}

// Each row keeps the queues its jobs went to until they finish (markHandled): what Redis holds is
// never the only record of work still to do (docs/architecture.md §6 When Redis loses its data). A
// queue whose job already finished (in an earlier pass that rolled back) is not put there again.
const MARK_PUBLISHED = prepared(
  'outbox-mark-published',
  `UPDATE outbox o SET published_at = now(),
          pushed_at = CASE WHEN o.id = ANY($2::uuid[]) THEN now() ELSE o.pushed_at END,
          unhandled_queues = ARRAY(SELECT q FROM unnest(string_to_array(j.queues, ',')) AS q
                                    WHERE q <> ALL(o.handled_queues))
     FROM unnest($1::uuid[], $3::text[]) AS j(id, queues)
    WHERE o.id = j.id`,
);

/** The batch is on its queues (`queues[i]`, comma-separated, for `ids[i]`); `pushed` had their push published. */
export function markOutboxPublished(tx: PipelinedTransaction, ids: string[], pushed: string[], queues: string[]): void {
  tx.send(MARK_PUBLISHED, [ids, pushed, queues]);
}

// Pushes whose writer meant to publish them and has not by the end of its grace (it died, or Redis
// was away): the relay publishes them on its poll.
const CLAIM_STRANDED_PUSHES = prepared(
  'outbox-claim-stranded-pushes',
  `SELECT id, push, trace_context AS "traceContext" FROM outbox
    WHERE push_after IS NOT NULL AND pushed_at IS NULL AND push_after <= now()
    ORDER BY push_after ASC LIMIT $1 FOR UPDATE SKIP LOCKED`,
);

export interface StrandedPush {
  id: string;
  push: LivePush;
  traceContext: TraceCarrier | null;
}

export function claimStrandedPushes(tx: PipelinedTransaction, limit: number): Promise<StrandedPush[]> {
  return tx.query<StrandedPush>(CLAIM_STRANDED_PUSHES, [limit]);
}

const MARK_PUSHED = prepared(
  'outbox-mark-pushed',
  `UPDATE outbox SET pushed_at = now() WHERE id = ANY($1::uuid[]) AND pushed_at IS NULL`,
);

/** Marks rows' pushes published by the relay, which holds them (stranded pushes, past the grace). */
export function markPushedByRelay(tx: PipelinedTransaction, ids: string[]): void {
  tx.send(MARK_PUSHED, [ids]);
}

/**
 * The writer's mark of the pushes it published. A row the relay holds (claimed, its jobs on their way
 * to Redis) is skipped, not waited for, and comes back unmarked to be tried again: a writer waiting
 * on the relay's lock held a connection of the API's pool for as long as the relay took, and the
 * worker yields the cores to the API (docs/architecture.md §15 Performance).
 */
const MARK_PUSHED_UNLESS_HELD = prepared(
  'outbox-mark-pushed-unless-held',
  `WITH marked AS (
     UPDATE outbox SET pushed_at = now()
      WHERE id IN (SELECT id FROM outbox WHERE id = ANY($1::uuid[]) AND pushed_at IS NULL FOR UPDATE SKIP LOCKED)
     RETURNING id
   )
   SELECT id FROM outbox WHERE id = ANY($1::uuid[]) AND pushed_at IS NULL AND id NOT IN (SELECT id FROM marked)`,
);

/** Marks these rows pushed; returns the ids the relay held, left unmarked. */
export async function markPushedUnlessHeld(manager: EntityManager, ids: string[]): Promise<string[]> {
  return (await runPrepared<{ id: string }>(manager, MARK_PUSHED_UNLESS_HELD, [ids])).map((r) => r.id);
}

// What is still to do for each relayed event lives in PostgreSQL, not in Redis: each queue the relay
// put it on stays in the row's unhandled_queues until that queue's job finished, and handled_queues
// keeps the queues whose job did (docs/architecture.md §6 When Redis loses its data). A job may finish
// before its relay's pass commits: the mark waits on the relay's lock, and is applied again to what
// the commit wrote, or counts for the next pass if this one rolls back.
const MARK_HANDLED = prepared(
  'outbox-mark-handled',
  `UPDATE outbox SET unhandled_queues = array_remove(unhandled_queues, $1::text),
                     handled_queues = array_append(handled_queues, $1::text)
    WHERE id = ANY($2::uuid[]) AND $1::text <> ALL(handled_queues)`,
);

/** The queue's jobs of these events are done: nothing to relay again. */
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
