export * from './entities';
export * from './data-source';
export * from './naming-strategy';
export * from './pg-errors';
export * from './prepared';
export * from './batched-read';
