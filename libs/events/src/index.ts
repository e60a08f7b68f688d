export * from './domain-events';
export * from './queues';
export * from './outbox';
export * from './outbox-relay';
export * from './live-push';
