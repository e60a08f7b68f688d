// The coverage questions' texts and labels (docs/product.md §6.3 Insurance, §14 Fixed lists), apart from the
// schemas: a page that only shows them (the dashboard's first screen) loads no zod (docs/architecture.md §1).
import type { DrugCoverage } from './enums';

/** Texts of the coverage fields (docs/product.md §12 Messages). */
export const COVERAGE_MESSAGES = {
  question: 'What kind of plan is it?',
  drugCoverage: 'Please choose what kind of plan it is from the list',
  extraHelp: 'Extra Help must be yes (true), no (false) or not answered (null)',
  outOfPocket: 'Out-of-pocket spend must be a whole number of cents, 0 or more',
  outOfPocketTooHigh: 'Out-of-pocket spend must be at most $1,000,000',
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
