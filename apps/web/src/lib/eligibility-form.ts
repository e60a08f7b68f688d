// Household facts typed by people (landing checker, dashboard Eligibility dialog): the fields as typed,
// checked and turned into what the API takes (docs/product.md §15 Programs and eligibility).
import { z } from 'zod';
import {
  ELIGIBILITY_MESSAGES,
  MAX_ANNUAL_INCOME_CENTS,
  MAX_HOUSEHOLD_SIZE_INPUT,
  US_STATES,
  US_TERRITORY_CODES,
  type UsTerritoryCode,
} from '@rxbridge/contracts';
import type { Option } from '@/components/ui/form';
import { i18n } from '@/lib/i18n';

// Messages are read when shown, in the language active then (docs/architecture.md, Languages).

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
  .min(1, { error: () => i18n._('household.sizeRequired') })
  .regex(/^\d+$/, ELIGIBILITY_MESSAGES.householdSize)
  .transform(Number)
  .pipe(
    z.number().min(1, ELIGIBILITY_MESSAGES.householdSize).max(MAX_HOUSEHOLD_SIZE, ELIGIBILITY_MESSAGES.householdSize),
  );

const tooHigh = () => i18n._('household.incomeTooHigh');

/** Income as typed, in whole cents for the period chosen (a month or a year). */
export const incomeText = z
  .string()
  .trim()
  .min(1, { error: () => i18n._('household.incomeRequired') })
  .transform((v, ctx) => {
    const cents = parseDollars(v);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: i18n._('household.incomeInvalid') });
      return z.NEVER;
    }
    if (cents > MAX_ANNUAL_INCOME_CENTS) {
      ctx.addIssue({ code: 'custom', message: tooHigh() });
      return z.NEVER;
    }
    return cents;
  });

/** People give income per month or per year (docs/product.md §15); the API keeps yearly cents. */
export const INCOME_PERIODS = [
  { value: 'year', label: 'Per year' },
  { value: 'month', label: 'Per month' },
] as const;
export type IncomePeriod = (typeof INCOME_PERIODS)[number]['value'];
export const incomePeriodText = z.enum(['year', 'month'], { error: () => i18n._('household.periodRequired') });

/** Yearly cents, exactly: a month's income times 12. */
export const yearlyIncomeCents = (cents: number, period: IncomePeriod) => (period === 'month' ? cents * 12 : cents);

/** The household fields of a form (size, income, its period), checked together: a month's income times 12 stays in range. */
export const householdIncomeSchema = z
  .object({ householdSize: householdSizeText, annualIncome: incomeText, incomePeriod: incomePeriodText })
  .superRefine((v, ctx) => {
    if (yearlyIncomeCents(v.annualIncome, v.incomePeriod) > MAX_ANNUAL_INCOME_CENTS) {
      ctx.addIssue({ code: 'custom', message: tooHigh(), path: ['annualIncome'] });
    }
  })
  .transform((v) => ({
    householdSize: v.householdSize,
    annualIncomeCents: yearlyIncomeCents(v.annualIncome, v.incomePeriod),
  }));

/** DC's and the territories' names, in the active language (the states are shown by their codes). */
function placeName(code: 'DC' | UsTerritoryCode): string {
  switch (code) {
    case 'DC':
      return i18n._('records.place.dc');
    case 'PR':
      return i18n._('records.place.pr');
    case 'VI':
      return i18n._('records.place.vi');
    case 'GU':
      return i18n._('records.place.gu');
    case 'AS':
      return i18n._('records.place.as');
    case 'MP':
      return i18n._('records.place.mp');
  }
}

/**
 * The 50 states and DC, in the order of the states' names, then the territories (docs/product.md §14),
 * labelled in the active language when the form shows them.
 */
export const stateOptions = (): Option[] => [
  ...US_STATES.flatMap((s) => (s === 'DE' ? [s, 'DC' as const] : [s])).map((s) => ({
    value: s,
    label: s === 'DC' ? `DC (${placeName(s)})` : s,
  })),
  ...US_TERRITORY_CODES.map((t) => ({ value: t, label: `${t} (${placeName(t)})` })),
];
