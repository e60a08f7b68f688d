// HHS poverty guidelines as data, and the household-income-as-a-percentage-of-guideline arithmetic PAPs use.
// Money is integer cents throughout; percentages are computed with integer arithmetic.
import { US_STATES } from '@rxbridge/contracts';
import { US_TERRITORIES } from './types';

export type PovertyGuidelineRegion = 'CONTIGUOUS' | 'ALASKA' | 'HAWAII';

export interface PovertyGuidelineTable {
  /** Whole dollars for households of 1 to 8 persons, exactly as published. */
  dollarsByHouseholdSize: readonly [number, number, number, number, number, number, number, number];
  /** Whole dollars to add for each person beyond 8. */
  dollarsPerAdditionalPerson: number;
}

export interface PovertyGuidelineYear {
  year: number;
  tables: Readonly<Record<PovertyGuidelineRegion, PovertyGuidelineTable>>;
  source: { url: string; checkedOn: string };
}

/**
 * Keyed by guideline year. 2026 was read on ASPE's poverty guidelines page (the page shows no date, so checkedOn is
 * the day it was read). It is the only year verified from a public page here; add a year only from a page you read.
 */
export const POVERTY_GUIDELINES: Readonly<Record<number, PovertyGuidelineYear>> = {
  2026: {
    year: 2026,
    tables: {
      CONTIGUOUS: {
        dollarsByHouseholdSize: [15_960, 21_640, 27_320, 33_000, 38_680, 44_360, 50_040, 55_720],
        dollarsPerAdditionalPerson: 5_680,
      },
      ALASKA: {
        dollarsByHouseholdSize: [19_950, 27_050, 34_150, 41_250, 48_350, 55_450, 62_550, 69_650],
        dollarsPerAdditionalPerson: 7_100,
      },
      HAWAII: {
        dollarsByHouseholdSize: [18_360, 24_890, 31_420, 37_950, 44_480, 51_010, 57_540, 64_070],
        dollarsPerAdditionalPerson: 6_530,
      },
    },
    source: {
      url: 'https://aspe.hhs.gov/topics/poverty-economic-mobility/poverty-guidelines?pid=102940',
      checkedOn: '2026-11-23',
    },
  },
};

/** The newest year in POVERTY_GUIDELINES; screening uses it when no year is given. */
export const LATEST_POVERTY_GUIDELINE_YEAR = Math.max(...Object.keys(POVERTY_GUIDELINES).map(Number));

/** Largest household the functions accept; bigger numbers are treated as typing mistakes. */
export const MAX_HOUSEHOLD_SIZE = 30;

const STATE_CODES: ReadonlySet<string> = new Set<string>([...US_STATES, 'DC']);
const TERRITORY_CODES: ReadonlySet<string> = new Set<string>(US_TERRITORIES);

/** The 50 states and DC. */
export function isUsStateOrDc(code: string): boolean {
  return STATE_CODES.has(code.trim().toUpperCase());
}

/** PR, VI, GU, AS, MP. */
export function isUsTerritory(code: string): boolean {
  return TERRITORY_CODES.has(code.trim().toUpperCase());
}

/**
 * Which HHS table applies: Alaska and Hawaii have their own; the other 48 states and DC share one. HHS publishes no
 * separate tables for the territories; like federal programs that print "48 contiguous states, D.C. and outlying
 * jurisdictions", territories use the contiguous table here (a program with its own Puerto Rico table, such as
 * GSK's, is not modelled). Anything else throws a RangeError.
 */
export function povertyGuidelineRegion(state: string): PovertyGuidelineRegion {
  const code = state.trim().toUpperCase();
  if (code === 'AK') return 'ALASKA';
  if (code === 'HI') return 'HAWAII';
  if (STATE_CODES.has(code) || TERRITORY_CODES.has(code)) return 'CONTIGUOUS';
  throw new RangeError(`"${state}" is not a U.S. state, DC or territory code; no poverty guideline applies.`);
}

function guidelineYear(year: number): PovertyGuidelineYear {
  const entry = POVERTY_GUIDELINES[year];
  if (!entry) {
    const known = Object.keys(POVERTY_GUIDELINES).join(', ');
    throw new RangeError(`No HHS poverty guidelines are recorded for ${String(year)} (known years: ${known}).`);
  }
  return entry;
}

function assertHouseholdSize(householdSize: number): void {
  if (!Number.isInteger(householdSize) || householdSize < 1 || householdSize > MAX_HOUSEHOLD_SIZE) {
    throw new RangeError(
      `Household size must be a whole number from 1 to ${MAX_HOUSEHOLD_SIZE}, got ${String(householdSize)}.`,
    );
  }
}

/** The HHS poverty guideline for a household, in cents (2026, household of 4 in Ohio -> 3_300_000). */
export function povertyGuidelineCents(householdSize: number, state: string, year: number): number {
  assertHouseholdSize(householdSize);
  const table = guidelineYear(year).tables[povertyGuidelineRegion(state)];
  const dollars =
    householdSize <= 8
      ? table.dollarsByHouseholdSize[householdSize - 1]
      : table.dollarsByHouseholdSize[7] + (householdSize - 8) * table.dollarsPerAdditionalPerson;
  return dollars * 100;
}

/**
 * Annual household income as a percentage of the poverty guideline, with one decimal, truncated (never rounded up):
 * $33,000 for 4 in Ohio in 2026 -> 100; one cent more -> 100 (100.00003% truncates). Decisions about a limit must
 * not use this rounded figure: see isIncomeWithinFplLimit.
 */
export function fplPercent(annualIncomeCents: number, householdSize: number, state: string, year: number): number {
  assertIncome(annualIncomeCents);
  const guideline = povertyGuidelineCents(householdSize, state, year);
  return Math.floor((annualIncomeCents * 1000) / guideline) / 10;
}

/** Exact check that income is at or below `limitPercent`% of the guideline (at the limit counts as within). */
export function isIncomeWithinFplLimit(
  annualIncomeCents: number,
  householdSize: number,
  state: string,
  year: number,
  limitPercent: number,
): boolean {
  assertIncome(annualIncomeCents);
  if (!Number.isInteger(limitPercent) || limitPercent <= 0) {
    throw new RangeError(`An income limit must be a whole, positive percentage, got ${String(limitPercent)}.`);
  }
  return annualIncomeCents * 100 <= limitPercent * povertyGuidelineCents(householdSize, state, year);
}

/** The largest income, in cents, within `limitPercent`% of the guideline. */
export function fplLimitCents(householdSize: number, state: string, year: number, limitPercent: number): number {
  return Math.floor((limitPercent * povertyGuidelineCents(householdSize, state, year)) / 100);
}

// Income times 1000 must stay a safe integer (that is any income below about $90 billion).
const MAX_INCOME_CENTS = Math.floor(Number.MAX_SAFE_INTEGER / 1000);

function assertIncome(annualIncomeCents: number): void {
  if (!Number.isSafeInteger(annualIncomeCents) || annualIncomeCents < 0 || annualIncomeCents > MAX_INCOME_CENTS) {
    throw new RangeError(
      `Annual income must be a whole, non-negative number of cents, got ${String(annualIncomeCents)}.`,
    );
  }
}
