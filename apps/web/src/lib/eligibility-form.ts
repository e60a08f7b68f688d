// Household facts typed by people (landing checker, dashboard Eligibility dialog): the fields as typed,
// checked and turned into what the API takes (docs/product.md §15 Programs and eligibility).
import { z } from 'zod';
import {
  DRUG_COVERAGES,
  ELIGIBILITY_INSURANCE_TYPES,
  ELIGIBILITY_MESSAGES,
  INSURANCE_TYPES,
  MAX_ANNUAL_INCOME_CENTS,
  MAX_HOUSEHOLD_SIZE_INPUT,
  US_STATES,
  type DrugCoverage,
} from '@rxbridge/contracts';
import type { Option } from '@/components/ui/form';

export const MAX_HOUSEHOLD_SIZE = MAX_HOUSEHOLD_SIZE_INPUT;

/** "52,000", "$52000.5" -> 5200050 cents; null when it is not an amount of dollars. */
export function parseDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 5200050 -> "52000.50", 5200000 -> "52000": how the form shows a saved amount. */
export const centsToDollarsText = (cents: number) =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);

export const householdSizeText = z
  .string()
  .trim()
  .min(1, 'Household size is required')
  .regex(/^\d+$/, ELIGIBILITY_MESSAGES.householdSize)
  .transform(Number)
  .pipe(
    z.number().min(1, ELIGIBILITY_MESSAGES.householdSize).max(MAX_HOUSEHOLD_SIZE, ELIGIBILITY_MESSAGES.householdSize),
  );

export const yearlyIncomeText = z
  .string()
  .trim()
  .min(1, 'Yearly income is required')
  .transform((v, ctx) => {
    const cents = parseDollars(v);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'Yearly income must be an amount in dollars, like 32000' });
      return z.NEVER;
    }
    if (cents > MAX_ANNUAL_INCOME_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'Yearly income must be at most $10,000,000' });
      return z.NEVER;
    }
    return cents;
  });

/** The 50 states and DC, in the order of the states' names. */
export const STATE_OPTIONS: Option[] = US_STATES.flatMap((s) => (s === 'DE' ? [s, 'DC'] : [s])).map((s) => ({
  value: s,
  label: s === 'DC' ? 'DC (District of Columbia)' : s,
}));

/** The product's insurance types, and None for no insurance. */
export const INSURANCE_OPTIONS: Option[] = [
  { value: 'None', label: 'None (no insurance)' },
  ...INSURANCE_TYPES.map((t) => ({ value: t, label: t })),
];
export const insuranceTypeText = z.enum(ELIGIBILITY_INSURANCE_TYPES, {
  error: 'Please choose your insurance, or None',
});

/** "What kind of plan is it?" (docs/product.md §19): the kinds a patient picks, in their words. */
export const DRUG_COVERAGE_LABELS: Record<DrugCoverage, string> = {
  NONE: 'None (no insurance)',
  EMPLOYER: 'Through a job (employer plan)',
  MARKETPLACE: 'Bought on the marketplace (HealthCare.gov or a state exchange)',
  MEDICARE_PART_D: 'Medicare Part D drug plan',
  MEDICARE_ADVANTAGE_WITH_DRUGS: 'Medicare Advantage plan with drug coverage',
  MEDICARE_WITHOUT_DRUGS: 'Medicare without drug coverage',
  MEDICAID: 'Medicaid',
  VA_TRICARE: 'VA or TRICARE',
  INDIAN_HEALTH_SERVICE: 'Indian Health Service',
  OTHER: 'Another kind of plan',
};
export const DRUG_COVERAGE_OPTIONS: Option[] = DRUG_COVERAGES.map((c) => ({
  value: c,
  label: DRUG_COVERAGE_LABELS[c],
}));
export const drugCoverageText = z.enum(DRUG_COVERAGES, { error: 'Please choose what kind of plan it is, or None' });
export const isMedicareCoverage = (c: string) => c.startsWith('MEDICARE_');

/** "Do you already get Extra Help?": asked of Medicare patients only; "not sure" is null. */
export const EXTRA_HELP_OPTIONS: Option[] = [
  { value: 'no', label: 'No' },
  { value: 'yes', label: 'Yes' },
  { value: 'unsure', label: 'Not sure' },
];
export const extraHelpFromText = (text: string): boolean | null =>
  text === 'yes' ? true : text === 'no' ? false : null;
