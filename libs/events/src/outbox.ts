import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { OutboxEvent } from '@rxbridge/database';
import type { DomainEventMap, DomainEventType } from './domain-events';
import type { LivePush } from './live-push';
import { OUTBOX_CHANNEL } from './queues';

/**
 * Records an event in the caller's transaction. pg_notify inside the transaction is delivered
 * only if it commits, so the relay never sees an event whose change was rolled back. `push`, the
 * socket signal of the change built from what the transaction wrote, is published by the relay as
 * it claims the row, ahead of the queues (docs/architecture.md §8 Real time).
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
  const id = randomUUID();
  await manager.insert(OutboxEvent, { id, type, payload: payload as never, userId, push: push as never });
  await manager.query('SELECT pg_notify($1, $2)', [OUTBOX_CHANNEL, id]);
  return id;
}
