import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { currentTraceCarrier } from '@rxbridge/platform';
import type { DomainEventMap, DomainEventType } from './domain-events';
import type { LivePush } from './live-push';
import { pushAfterCommit, WRITER_PUSH_GRACE_SECONDS } from './writer-pushes';

/**
 * Records an event in the caller's transaction, in one round trip. The outbox's insert trigger
 * wakes the relay (OUTBOX_CHANNEL) only if the transaction commits, so the relay never sees an
 * event whose change was rolled back. `push`, the socket signal of the change built from what the
 * transaction wrote, is published by this process right after the commit (pushAfterCommit), and by
 * the relay only if that did not happen within the grace (docs/architecture.md §8 Real time).
 */
export async function appendToOutbox<T extends DomainEventType>(
  manager: EntityManager,
  type: T,
  payload: DomainEventMap[T],
  userId: string | null = null,
  push: LivePush | null = null,
): Promise<string> {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error(`appendToOutbox(${type}) must run inside a transaction`);
  }
  const row = outboxRow(type, payload, userId, push);
  await manager.query(APPEND, row.params);
  if (push) pushAfterCommit(manager, row.id, push);
  return row.id;
}

/**
 * An event's outbox row as the parameters of its insert: id, type, payload, user, push, grace and
 * the trace context of the writer's span, which the relay passes on (docs/architecture.md §13 Tracing).
 */
export function outboxRow<T extends DomainEventType>(
  type: T,
  payload: DomainEventMap[T],
  userId: string | null,
  push: LivePush | null,
): { id: string; params: unknown[] } {
  const id = randomUUID();
  const trace = currentTraceCarrier();
  return {
    id,
    params: [
      id,
      type,
      JSON.stringify(payload),
      userId,
      push && JSON.stringify(push),
      push ? WRITER_PUSH_GRACE_SECONDS : null,
      trace && JSON.stringify(trace),
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
  return `INSERT INTO outbox (id, type, payload, user_id, push, push_after, trace_context)
    SELECT ${$(0)}::uuid, ${$(1)}, ${stamped(`${$(2)}::jsonb`, '{at}')}, ${$(3)}::uuid,
           ${stamped(`${$(4)}::jsonb`, '{data,at}')}, now() + make_interval(secs => ${$(5)}::int), ${$(6)}::jsonb
    ${change ? `FROM ${change.from}` : ''}`;
}

const APPEND = outboxInsert(1);

/** outboxInsert for a writer's own statement: rows of `from`, stamped with `at`. */
export const outboxInsertFrom = (first: number, from: string, at: string) => outboxInsert(first, { from, at });
