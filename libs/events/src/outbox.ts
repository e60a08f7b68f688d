import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { DomainEventMap, DomainEventType } from './domain-events';
import type { LivePush } from './live-push';

/**
 * Records an event in the caller's transaction, in one round trip. The outbox's insert trigger
 * wakes the relay (OUTBOX_CHANNEL) only if the transaction commits, so the relay never sees an
 * event whose change was rolled back. `push`, the
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
  await manager.query(`INSERT INTO outbox (id, type, payload, user_id, push) VALUES ($1, $2, $3, $4, $5)`, [
    id,
    type,
    JSON.stringify(payload),
    userId,
    push && JSON.stringify(push),
  ]);
  return id;
}
