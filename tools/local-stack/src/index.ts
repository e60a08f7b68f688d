export * from './services';
export * from './ports';
