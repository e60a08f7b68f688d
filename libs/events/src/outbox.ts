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
  await manager.query(APPEND, row.params);
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
 * The one insert of an outbox row, reading its parameters (outboxRow) from `$first` on. With
 * `change`, it is the last part of a writer's statement whose change and event are one (a
 * navigator's move; docs/architecture.md §15 Performance): one row per row of `change.from`, so
 * that no row there (the change did not happen) means no event, and `change.at`, SQL for the time
 * the statement wrote the change, becomes the `at` of the payload and of the push's data, as
 * JavaScript's toISOString() writes a time (milliseconds, UTC).
 */
function outboxInsert(first: number, change?: { from: string; at: string }): string {
  const $ = (i: number) => `$${first + i}`;
  const iso = change && `to_jsonb(to_char((${change.at}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  const stamped = (json: string, path: string) => (iso ? `jsonb_set(${json}, '${path}', ${iso}, false)` : json);
  return `INSERT INTO outbox (id, type, payload, user_id, push, push_after)
    SELECT ${$(0)}::uuid, ${$(1)}, ${stamped(`${$(2)}::jsonb`, '{at}')}, ${$(3)}::uuid,
           ${stamped(`${$(4)}::jsonb`, '{data,at}')}, now() + make_interval(secs => ${$(5)}::int)
    ${change ? `FROM ${change.from}` : ''}`;
}

const APPEND = outboxInsert(1);

/** outboxInsert for a writer's own statement: rows of `from`, stamped with `at`. */
export const outboxInsertFrom = (first: number, from: string, at: string) => outboxInsert(first, { from, at });

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
