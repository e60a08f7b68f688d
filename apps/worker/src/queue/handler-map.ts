import type { DomainEvent, DomainEventType, QueueName } from '@rxbridge/events';
import { EVENT_ROUTES } from '@rxbridge/events';

/** Handlers of one queue: event type -> handler. */
export type HandlerMap = Partial<{ [T in DomainEventType]: (event: DomainEvent<T>) => Promise<void> }>;

/** Refuses to start when a routed event has no handler, or a handler has no route (docs/architecture.md §6 Outbox and idempotent handlers). */
export function checkHandlers(queue: QueueName, handlers: HandlerMap): void {
  const routed = (Object.keys(EVENT_ROUTES) as DomainEventType[]).filter((t) => EVENT_ROUTES[t].includes(queue));
  const missing = routed.filter((t) => typeof handlers[t] !== 'function');
  const extra = Object.keys(handlers).filter((t) => !routed.includes(t as DomainEventType));
  const problems = [
    missing.length ? `no handler for ${missing.join(', ')}` : '',
    extra.length ? `handlers for events not routed here: ${extra.join(', ')}` : '',
  ].filter(Boolean);
  if (problems.length) throw new Error(`Queue "${queue}": ${problems.join('; ')}`);
}
