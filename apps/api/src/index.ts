// What the worker and the tools share with the API.
export * from './config/settings';
export * from './config/settings.module';
export * from './database/database.module';
export * from './database/redis.module';
export * from './common/logging';
export * from './accounts/account-tokens';
export { hashPassword } from './accounts/password-hasher';
export { coreModules, AppModule } from './app.module';
export { createApiApp, API_PREFIX } from './create-app';
export { ensureAccount, type AccountInput } from './accounts/create-account';
export * from './applications/application-transitions';
export { applicationUpdate, medicationsOf } from './applications/application-views';
export { socketIoKey } from './realtime/socket-key';
export { STRIPE, stripeProvider, createStripe } from './billing/stripe-client';
export { applyChargeOutcome, type ChargeOutcome } from './billing/charge-outcome';
export { createDocumentStorage } from './records/records.module';
export type { DocumentStorage } from './records/documents/storage/document-storage';
export { sweepDocumentFiles } from './records/documents/document-file-cleanups';
