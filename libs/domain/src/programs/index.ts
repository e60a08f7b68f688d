export * from './types';
export * from './poverty-guidelines';
export * from './screening';
export { COPAY_CARD_CATALOGUE, FOUNDATION_CATALOGUE, PAP_CATALOGUE } from './catalogue';
export * from './applications';
export * from './coverage';
