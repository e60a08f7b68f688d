// Drug coverage as the patient answers it (docs/product.md §15 and §19): which kinds are Medicare drug plans, which
// are federal programs (no copay cards: the anti-kickback rule), and how an old insurance type reads as one.
import type { DrugCoverage } from '@rxbridge/contracts';
import type { ScreeningInsuranceType } from './screening';

/** Medicare plans that pay for prescriptions: a program's Medicare Part D rule applies to both. */
export const MEDICARE_DRUG_PLANS: readonly DrugCoverage[] = ['MEDICARE_PART_D', 'MEDICARE_ADVANTAGE_WITH_DRUGS'];
/** Every Medicare kind (Extra Help is for people with Medicare, with or without a drug plan yet). */
export const MEDICARE_COVERAGES: readonly DrugCoverage[] = [...MEDICARE_DRUG_PLANS, 'MEDICARE_WITHOUT_DRUGS'];
/** Federal health programs: a maker's copay card may not be used with them (the federal anti-kickback rule). */
export const FEDERAL_COVERAGES: readonly DrugCoverage[] = [
  ...MEDICARE_COVERAGES,
  'MEDICAID',
  'VA_TRICARE',
  'INDIAN_HEALTH_SERVICE',
];
/** The only coverage kinds a copay card can serve (docs/product.md §19). */
export const COPAY_CARD_COVERAGES: readonly DrugCoverage[] = ['EMPLOYER', 'MARKETPLACE'];

const FROM_INSURANCE_TYPE: Record<ScreeningInsuranceType, DrugCoverage> = {
  None: 'NONE',
  Medicare: 'MEDICARE_PART_D',
  Medicaid: 'MEDICAID',
  Employer: 'EMPLOYER',
  'Market Place': 'MARKETPLACE',
  'Commercial Insurance': 'EMPLOYER',
  'Health Share Program': 'OTHER',
  Other: 'OTHER',
};

/**
 * The drug coverage an old insurance type stands for, when the patient has not said what kind of plan it is: today's
 * meaning is kept (Medicare screened by the Part D rule, a commercial plan as an employer plan).
 */
export function drugCoverageFromInsuranceType(insuranceType: ScreeningInsuranceType): DrugCoverage {
  return FROM_INSURANCE_TYPE[insuranceType];
}

/** How a coverage kind reads in a sentence ("people with {who}"). */
export const COVERAGE_WORDS: Record<DrugCoverage, string> = {
  NONE: 'no drug coverage',
  EMPLOYER: 'employer insurance',
  MARKETPLACE: 'marketplace insurance',
  MEDICARE_PART_D: 'a Medicare Part D plan',
  MEDICARE_ADVANTAGE_WITH_DRUGS: 'a Medicare Advantage plan with drug coverage',
  MEDICARE_WITHOUT_DRUGS: 'Medicare without drug coverage',
  MEDICAID: 'Medicaid',
  VA_TRICARE: 'VA or TRICARE coverage',
  INDIAN_HEALTH_SERVICE: 'Indian Health Service coverage',
  OTHER: 'another kind of plan',
};
