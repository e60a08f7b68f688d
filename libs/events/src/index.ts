export * from './domain-events';
export * from './queues';
export * from './outbox';
export * from './outbox-relay';
export * from './live-push';
export * from './writer-pushes';
export * from './writer-pushes.module';
