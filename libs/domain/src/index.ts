export * from './money';
export * from './dates';
export * from './pricing';
export * from './applications';
export * from './enrollment';
export * from './subscriptions';
export * from './programs';
export * from './npi';
