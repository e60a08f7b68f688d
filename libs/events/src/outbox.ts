import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { currentTraceCarrier } from '@rxbridge/platform';
import type { DomainEventMap, DomainEventType } from './domain-events';
import { liveMessages, type LivePush } from './live-push';
import { insertOutboxRow } from './outbox.repository';
import { pushAfterCommit, relayAfterCommit, WRITER_PUSH_GRACE_SECONDS } from './writer-pushes';

/**
 * Records an event in the caller's transaction, in one round trip. The relay is woken
 * (relayAfterCommit) only if the transaction commits, so it never sees an event whose change was
 * rolled back. `push`, the socket signal of the change built from what the
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
  await insertOutboxRow(manager, row.params);
  if (push) pushAfterCommit(manager, row.id, push);
  else relayAfterCommit(manager);
  return row.id;
}

/**
 * An event's outbox row as the parameters of its insert: id, type, payload, user, push (its messages, an array),
 * grace and the trace context of the writer's span, which the relay passes on (docs/architecture.md §13 Tracing).
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
      push && JSON.stringify(liveMessages(push)),
      push ? WRITER_PUSH_GRACE_SECONDS : null,
      trace && JSON.stringify(trace),
    ],
  };
}
