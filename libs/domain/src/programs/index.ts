export * from './types';
export * from './poverty-guidelines';
export * from './screening';
export { PAP_CATALOGUE } from './catalogue';
export * from './applications';
