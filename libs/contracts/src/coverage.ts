// Coverage asked for what it is (docs/product.md §6.3 Insurance, §14 Fixed lists): the insurance record's kind of
// drug plan, Extra Help and this year's out-of-pocket spend, as the API takes and answers them and the web asks them.
import { z } from 'zod';
import { DRUG_COVERAGES, type DrugCoverage } from './enums';

/** Texts of the coverage fields (docs/product.md §12 Messages). */
export const COVERAGE_MESSAGES = {
  question: 'What kind of plan is it?',
  drugCoverage: 'Please choose what kind of plan it is from the list',
  extraHelp: 'Extra Help must be yes (true), no (false) or not answered (null)',
  outOfPocket: 'Out-of-pocket spend must be a whole number of cents, 0 or more',
  outOfPocketTooHigh: 'Out-of-pocket spend must be at most $1,000,000',
  outOfPocketDollars: 'Enter an amount in dollars, like 850',
  insuranceUpdated: 'Insurance updated',
  askCoverage: (provider: string) => `Tell us what kind of plan your ${provider} insurance is`,
} as const;

/** How each kind of plan reads on screen (docs/product.md §14). */
export const DRUG_COVERAGE_LABELS: Record<DrugCoverage, string> = {
  NONE: 'No drug coverage',
  EMPLOYER: 'Through an employer or union',
  MARKETPLACE: 'Bought on the Marketplace (healthcare.gov or a state exchange)',
  MEDICARE_PART_D: 'Medicare Part D drug plan',
  MEDICARE_ADVANTAGE_WITH_DRUGS: 'Medicare Advantage with drug coverage',
  MEDICARE_WITHOUT_DRUGS: 'Medicare without drug coverage',
  MEDICAID: 'Medicaid',
  VA_TRICARE: 'VA or TRICARE',
  INDIAN_HEALTH_SERVICE: 'Indian Health Service',
  OTHER: 'Other',
};

/** A million dollars: beyond that a year's spend is a typing mistake (and stays within a 32-bit integer column). */
export const MAX_OUT_OF_POCKET_CENTS = 100_000_000;

// Strict values, no coercion: "true" or "12" is a 400 naming the field (docs/product.md §6.3).
export const drugCoverageField = z.enum(DRUG_COVERAGES, { error: COVERAGE_MESSAGES.drugCoverage }).nullable();
export const extraHelpField = z.boolean({ error: COVERAGE_MESSAGES.extraHelp }).nullable();
export const outOfPocketCentsField = z
  .number({ error: COVERAGE_MESSAGES.outOfPocket })
  .int(COVERAGE_MESSAGES.outOfPocket)
  .min(0, COVERAGE_MESSAGES.outOfPocket)
  .max(MAX_OUT_OF_POCKET_CENTS, COVERAGE_MESSAGES.outOfPocketTooHigh)
  .nullable();

/** The coverage answers of an insurance record, each optional on a write (absent: unchanged or null). */
export const coverageAnswersShape = {
  drugCoverage: drugCoverageField.optional(),
  extraHelp: extraHelpField.optional(),
  outOfPocketCentsThisYear: outOfPocketCentsField.optional(),
};

/** The coverage answers as every insurance view carries them (null until answered). */
export const coverageAnswersViewShape = {
  drugCoverage: z.enum(DRUG_COVERAGES).nullable(),
  extraHelp: z.boolean().nullable(),
  outOfPocketCentsThisYear: z.number().int().nullable(),
};
