// Independent charitable foundations and their disease funds, one file per foundation (docs/product.md §15).
import type { FoundationProgram } from '../../types';
import { cancerCareCoPaymentAssistanceFoundation } from './cancercare-co-payment-assistance-foundation';
import { goodDays } from './good-days';
import { healthwellFoundation } from './healthwell-foundation';
import { panFoundation } from './pan-foundation';
import { patientAdvocateFoundationCoPayRelief } from './patient-advocate-foundation-co-pay-relief';
import { theAssistanceFund } from './the-assistance-fund';

export const FOUNDATION_CATALOGUE: readonly FoundationProgram[] = [
  cancerCareCoPaymentAssistanceFoundation,
  goodDays,
  healthwellFoundation,
  panFoundation,
  patientAdvocateFoundationCoPayRelief,
  theAssistanceFund,
];
