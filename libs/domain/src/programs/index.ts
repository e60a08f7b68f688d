export * from './types';
export * from './poverty-guidelines';
export * from './screening';
export * from './matching';
export * from './coverage';
export * from './income-limits';
export * from './routes';
export {
  EXTRA_HELP_FPL_PERCENT,
  EXTRA_HELP_SOURCE,
  EXTRA_HELP_WEBSITE,
  PAYMENT_PLAN_SOURCE,
  copayCardFederalRefusal,
  copayCardRefusal,
  foundationRefusal,
  fundCoverageRefusal,
} from './route-rules';
export { COPAY_CARD_CATALOGUE, FOUNDATION_CATALOGUE, PAP_CATALOGUE } from './catalogue';
export * from './applications';
export * from './catalogue-views';
export * from './route-applications';
export { REASONS_EN, reasonsIn, type Reasons } from './reasons';
export { REASONS_ES } from './reasons-es';
