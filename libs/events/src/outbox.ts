import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';
import { perTurnLoader, prepared, runPrepared } from '@rxbridge/database';
import type { DomainEventMap, DomainEventType } from './domain-events';
import { publishLive, type LivePush } from './live-push';

/**
 * How long the relay leaves the push of a writer that publishes it itself: the writer's publish
 * and mark take milliseconds; a writer that died meanwhile has its push published by the relay
 * this long (and up to one poll) after the commit (docs/architecture.md §8 Real time).
 */
export const WRITER_PUSH_GRACE_SECONDS = 5;

/**
 * Records an event in the caller's transaction, in one round trip. The outbox's insert trigger
 * wakes the relay (OUTBOX_CHANNEL) only if the transaction commits, so the relay never sees an
 * event whose change was rolled back. `push`, the
 * socket signal of the change built from what the transaction wrote, is published by the relay as
 * it claims the row, ahead of the queues; with `writerPushes` the writer publishes it right after
 * its commit (publishWriterPush) and the relay only if the writer has not within the grace
 * (docs/architecture.md §8 Real time).
 */
export async function appendToOutbox<T extends DomainEventType>(
  manager: EntityManager,
  type: T,
  payload: DomainEventMap[T],
  userId: string | null = null,
  push: LivePush | null = null,
  { writerPushes = false }: { writerPushes?: boolean } = {},
): Promise<string> {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error(`appendToOutbox(${type}) must run inside a transaction`);
  }
  const row = outboxRow(type, payload, userId, push, writerPushes);
  await manager.query(
    `INSERT INTO outbox (id, type, payload, user_id, push, push_after)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    row.params,
  );
  return row.id;
}

/** An event's outbox row as the parameters of its insert: id, type, payload, user, push, grace. */
export function outboxRow<T extends DomainEventType>(
  type: T,
  payload: DomainEventMap[T],
  userId: string | null,
  push: LivePush | null,
  writerPushes: boolean,
): { id: string; params: unknown[] } {
  const id = randomUUID();
  return {
    id,
    params: [
      id,
      type,
      JSON.stringify(payload),
      userId,
      push && JSON.stringify(push),
      writerPushes && push ? WRITER_PUSH_GRACE_SECONDS : null,
    ],
  };
}

/**
 * appendToOutbox's insert for a writer whose change and event are one statement (a navigator's
 * move; docs/architecture.md §15 Performance): the last part of the writer's statement, reading
 * the row's parameters (outboxRow) from `$first` on, one row per row of `from`, so that no row of
 * `from` (the change did not happen) means no event. `at` is SQL for the time the statement wrote
 * the change; it becomes the `at` of the payload and of the push's data, as JavaScript's
 * toISOString() writes a time (milliseconds, UTC).
 */
export function outboxInsertFrom(first: number, from: string, at: string): string {
  const $ = (i: number) => `$${first + i}`;
  const iso = `to_jsonb(to_char((${at}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  return `INSERT INTO outbox (id, type, payload, user_id, push, push_after)
    SELECT ${$(0)}::uuid, ${$(1)}, jsonb_set(${$(2)}::jsonb, '{at}', ${iso}, false), ${$(3)}::uuid,
           jsonb_set(${$(4)}::jsonb, '{data,at}', ${iso}, false), now() + make_interval(secs => ${$(5)}::int)
      FROM ${from}`;
}

/** Marks rows' pushes published: by their writer, or by the relay once the grace is over. */
export const MARK_PUSHED = prepared(
  'outbox-mark-pushed',
  `UPDATE outbox SET pushed_at = now() WHERE id = ANY($1::uuid[]) AND pushed_at IS NULL`,
);

/**
 * Publishes the push of a row written with `writerPushes`, after its commit, then marks it pushed
 * so the relay leaves it: a screen hears of the change without waiting for the relay's pass. If
 * either step fails (Redis or PostgreSQL away, the process killed), the relay publishes the push
 * once the grace is over; if the relay claimed the row before the mark, the push is heard twice,
 * which clients expect of pushes (§8).
 */
export async function publishWriterPush(
  redis: Redis,
  liveKey: string,
  db: DataSource,
  outboxId: string,
  push: LivePush,
): Promise<void> {
  await publishLive(redis, liveKey, push);
  let marks = pushMarks.get(db);
  if (!marks) {
    marks = perTurnLoader<string, true>(
      async (ids) => {
        await runPrepared(db.manager, MARK_PUSHED, [[...ids]]);
        return ids.map(() => true as const);
      },
      { windowMs: MARK_WINDOW_MS },
    );
    pushMarks.set(db, marks);
  }
  await marks.load(outboxId);
}

/**
 * The marks of pushes published within this long go out as one statement: each is a commit, and
 * under a burst of moves one per move took the database's time the next moves waited for. The
 * relay waits WRITER_PUSH_GRACE_SECONDS for a mark, so a mark sent this much later changes nothing
 * (docs/architecture.md §15 Performance).
 */
const MARK_WINDOW_MS = 25;
const pushMarks = new WeakMap<DataSource, ReturnType<typeof perTurnLoader<string, true>>>();
