// The patient's drug coverage as screening reads it (docs/product.md §6.3 Insurance, §15 Programs and eligibility):
// asked of the patient, never implied by the carrier; records made before the question keep their old meaning.
import type { DrugCoverage, InsuranceType } from '@rxbridge/contracts';
import type { ScreeningInsuranceType } from './screening';

/** What an insurance record holds of coverage: the carrier, its old coverage type and the patient's answers. */
export interface InsuranceCoverageRecord {
  provider: string;
  coverageType: InsuranceType;
  drugCoverage: DrugCoverage | null;
  extraHelp: boolean | null;
  outOfPocketCentsThisYear: number | null;
}

export interface PatientCoverage {
  drugCoverage: DrugCoverage;
  /** Whether the patient gets Medicare's Extra Help (Low-Income Subsidy); null when not answered. */
  extraHelp: boolean | null;
  /** Out-of-pocket drug spend this year, whole cents; null when not answered. */
  outOfPocketCents: number | null;
  /** False while the newest record's kind of plan is still inferred from its coverage type. */
  answered: boolean;
}

/** The Medicare kinds, for which Extra Help and this year's out-of-pocket spend are asked (docs/product.md §6.3). */
export const MEDICARE_DRUG_COVERAGES: readonly DrugCoverage[] = [
  'MEDICARE_PART_D',
  'MEDICARE_ADVANTAGE_WITH_DRUGS',
  'MEDICARE_WITHOUT_DRUGS',
];

export function isMedicareCoverage(coverage: DrugCoverage | null | undefined): boolean {
  return !!coverage && MEDICARE_DRUG_COVERAGES.includes(coverage);
}

/**
 * Today's meaning of an unanswered record (docs/product.md §6.3): from its coverage type, Tricare from its carrier.
 * Commercial Insurance reads as EMPLOYER: both it and EMPLOYER were screened with the commercial rule, and most
 * commercial plans are employer plans.
 */
export function impliedDrugCoverage(record: Pick<InsuranceCoverageRecord, 'provider' | 'coverageType'>): DrugCoverage {
  if (record.provider === 'Tricare') return 'VA_TRICARE';
  switch (record.coverageType) {
    case 'Medicare':
      return 'MEDICARE_PART_D';
    case 'Medicaid':
      return 'MEDICAID';
    case 'Employer':
    case 'Commercial Insurance':
      return 'EMPLOYER';
    case 'Market Place':
      return 'MARKETPLACE';
    default:
      return 'OTHER';
  }
}

/**
 * The patient's coverage from their newest insurance record (docs/product.md §15): no record is NONE (the patient
 * said they have no insurance, so it counts as answered); a record without a drugCoverage answer keeps the meaning
 * of its coverage type, with `answered: false` so the dashboard asks once.
 */
export function patientCoverage(insurance: InsuranceCoverageRecord | null): PatientCoverage {
  if (!insurance) return { drugCoverage: 'NONE', extraHelp: null, outOfPocketCents: null, answered: true };
  return {
    drugCoverage: insurance.drugCoverage ?? impliedDrugCoverage(insurance),
    extraHelp: insurance.extraHelp,
    outOfPocketCents: insurance.outOfPocketCentsThisYear,
    answered: insurance.drugCoverage !== null,
  };
}

/** What an insurance card shows of a record: its coverage, and the member and group numbers. */
export interface InsurancePlanRecord extends InsuranceCoverageRecord {
  policyNumber: string | null;
  groupNumber: string | null;
}

/**
 * Whether the patient's plan, the plan their newest insurance record is (docs/product.md §6.3), is another plan after a
 * change of their records: `before` and `after` are that record before and after (null: none). Another carrier,
 * member or group number, or another kind of plan than the record read as before (a first answer saying what the
 * record already meant is none); a plan where there was none, or none left, is another plan too. Extra Help and this
 * year's out-of-pocket spend are not on the card. A record edited, and the older record left current when the newest
 * is deleted, are dated as the patient's plan from then (`planChangedAt`) when this says so.
 */
export function changesInsurancePlan(before: InsurancePlanRecord | null, after: InsurancePlanRecord | null): boolean {
  if (!before || !after) return before !== after;
  return (
    before.provider !== after.provider ||
    before.policyNumber !== after.policyNumber ||
    before.groupNumber !== after.groupNumber ||
    patientCoverage(before).drugCoverage !== patientCoverage(after).drugCoverage
  );
}

/**
 * Whether an insurance card received at `receivedAt` is a card of the patient's plan (docs/product.md §6.3):
 * `planSince` is when their newest record was added or last became their plan (changesInsurancePlan), null without
 * a record. Only a card received after it is: one from before shows a plan they left, and no card is of no plan.
 * The one rule for a renewal's card (§18) and for the card on an application when the plan changes (§5).
 */
export const cardOfCurrentPlan = (receivedAt: Date | null, planSince: Date | null): boolean =>
  planSince !== null && receivedAt !== null && receivedAt.getTime() > planSince.getTime();

const SCREENING_TYPE_OF: Record<DrugCoverage, ScreeningInsuranceType> = {
  NONE: 'None',
  EMPLOYER: 'Employer',
  MARKETPLACE: 'Market Place',
  MEDICARE_PART_D: 'Medicare',
  MEDICARE_ADVANTAGE_WITH_DRUGS: 'Medicare',
  // No drug plan: no program publishes a rule for it, so a navigator reviews it.
  MEDICARE_WITHOUT_DRUGS: 'Other',
  MEDICAID: 'Medicaid',
  VA_TRICARE: 'Other',
  INDIAN_HEALTH_SERVICE: 'Other',
  OTHER: 'Other',
};

/**
 * The insurance type a manufacturer program's screening reads (docs/product.md §15 Insurance): an answered record by
 * its kind of plan (a Humana Part D plan is Medicare), an unanswered one by its old coverage type, unchanged.
 */
export function screeningInsuranceTypeOf(insurance: InsuranceCoverageRecord | null): ScreeningInsuranceType {
  if (!insurance) return 'None';
  return insurance.drugCoverage ? SCREENING_TYPE_OF[insurance.drugCoverage] : insurance.coverageType;
}

// Routes (docs/product.md §19): which coverage kinds each route reads.

/** Medicare plans that pay for prescriptions: a program's Medicare Part D rule applies to both. */
export const MEDICARE_DRUG_PLANS: readonly DrugCoverage[] = ['MEDICARE_PART_D', 'MEDICARE_ADVANTAGE_WITH_DRUGS'];
/** Federal health programs: a maker's copay card may not be used with them (the federal anti-kickback rule). */
export const FEDERAL_COVERAGES: readonly DrugCoverage[] = [
  ...MEDICARE_DRUG_COVERAGES,
  'MEDICAID',
  'VA_TRICARE',
  'INDIAN_HEALTH_SERVICE',
];
/**
 * The only coverage kinds a copay card can serve: a commercial plan, and no drug coverage at all where the card's own
 * terms say so (its eligibleCoverage lists NONE); never a federal program.
 */
export const COPAY_CARD_COVERAGES: readonly DrugCoverage[] = ['EMPLOYER', 'MARKETPLACE', 'NONE'];

/** The plan kind an old insurance type stands for (the check's old body): as an unanswered record reads. */
export function drugCoverageFromInsuranceType(insuranceType: ScreeningInsuranceType): DrugCoverage {
  return insuranceType === 'None' ? 'NONE' : impliedDrugCoverage({ provider: '', coverageType: insuranceType });
}

/** How a coverage kind reads in a sentence ("people with {words}"). */
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
