// Process plumbing shared by the API, the worker and the tools: settings, providers, logging, errors.
export * from './dotenv';
export * from './settings';
export * from './unsafe-settings';
export * from './managed-service-settings';
export * from './settings.module';
export * from './database.module';
export * from './redis.module';
export * from './metrics.module';
export * from './probes';
export * from './shutdown';
export * from './logging';
export * from './api-error';
export * from './core-modules';
export * from './socket-key';
export * from './stripe-client';
export * from './unavailable';
export * from './process-env';
