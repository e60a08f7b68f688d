// Pure first-pass screening of a household against one program, and medication-name matching over the catalogue.
// A verdict is advice for a navigator, never a promise: programs make the final decision.
import type { DrugCoverage, InsuranceType } from '@rxbridge/contracts';
import { formatCents } from '../money';
import {
  LATEST_POVERTY_GUIDELINE_YEAR,
  fplLimitCents,
  fplPercent as computeFplPercent,
  isUsStateOrDc,
  isUsTerritory,
} from './poverty-guidelines';
import { COVERAGE_WORDS, MEDICARE_DRUG_PLANS } from './coverage';
import { dollarLimitCents } from './income-limits';
import type { IncomeLimitDollars, InsuranceRule, PapProgram, UsTerritory } from './types';

export const SCREENING_VERDICTS = ['LIKELY_ELIGIBLE', 'NOT_ELIGIBLE', 'NEEDS_REVIEW'] as const;
export type ScreeningVerdict = (typeof SCREENING_VERDICTS)[number];

/** The intake insurance types, plus 'None' for no insurance. */
export type ScreeningInsuranceType = InsuranceType | 'None';

export interface ScreeningFacts {
  householdSize: number;
  annualIncomeCents: number;
  /** Two-letter code: a state, DC, a territory (PR, VI, GU, AS, MP), or anything else for outside the U.S. */
  state: string;
  insuranceType: ScreeningInsuranceType;
  /** What kind of plan it is (docs/product.md §19); when given, it decides the insurance check, not insuranceType. */
  drugCoverage?: DrugCoverage;
  /** Poverty guideline year; defaults to the latest recorded year. */
  year?: number;
}

export interface ScreeningResult {
  verdict: ScreeningVerdict;
  /** Sentences a person can read, in the order the checks ran. */
  reasons: string[];
  /** Income as a percentage of the guideline (one decimal, truncated); null outside the U.S. and its territories. */
  fplPercent: number | null;
}

type CheckOutcome = 'PASS' | 'FAIL' | 'REVIEW';

interface Check {
  outcome: CheckOutcome;
  reason: string;
}

/**
 * Screens one household against one program. Each check (residency, income, insurance) passes, fails or needs
 * review; any failure gives NOT_ELIGIBLE, otherwise any review gives NEEDS_REVIEW, otherwise LIKELY_ELIGIBLE.
 * - Residency: the 50 states and DC are U.S. residency. A territory passes only when the program names it, fails
 *   when the program requires U.S. residency and names others, and needs review when the program does not say.
 *   Any other code fails when U.S. residency is required, else needs review.
 * - Income: at or below the limit passes (exact cents, so exactly at the limit is within); one cent over fails;
 *   no published limit needs review.
 * - Insurance: None -> the uninsured rule; Medicare -> the Medicare Part D rule; Medicaid -> the Medicaid rule;
 *   Employer, Market Place and Commercial Insurance -> the commercial rule; Health Share Program and Other need
 *   review (they are not a coverage type programs publish rules for). A rule that is unknown, or allowed only with
 *   a condition the intake facts cannot show (e.g. out-of-pocket spend), needs review.
 * Throws a RangeError for an impossible household size or income, or a year without recorded guidelines.
 */
export function screenEligibility(program: PapProgram, facts: ScreeningFacts): ScreeningResult {
  const year = facts.year ?? LATEST_POVERTY_GUIDELINE_YEAR;
  const state = facts.state.trim().toUpperCase();
  const inUsOrTerritory = isUsStateOrDc(state) || isUsTerritory(state);

  // Computed (and so validated: household size, income, year) even when the program publishes no limit; outside
  // the U.S. the contiguous table only validates the facts and no percentage is reported.
  const contiguous = computeFplPercent(
    facts.annualIncomeCents,
    facts.householdSize,
    inUsOrTerritory ? state : 'DC',
    year,
  );
  const percent = inUsOrTerritory ? contiguous : null;

  const checks: Check[] = [
    residencyCheck(program, state),
    incomeCheck(program, facts, state, year, percent),
    facts.drugCoverage ? coverageCheck(program, facts.drugCoverage) : insuranceCheck(program, facts.insuranceType),
  ];
  const verdict: ScreeningVerdict = checks.some((c) => c.outcome === 'FAIL')
    ? 'NOT_ELIGIBLE'
    : checks.some((c) => c.outcome === 'REVIEW')
      ? 'NEEDS_REVIEW'
      : 'LIKELY_ELIGIBLE';
  return { verdict, reasons: checks.map((c) => c.reason), fplPercent: percent };
}

function residencyCheck(program: PapProgram, state: string): Check {
  const { usResidencyRequired, acceptedTerritories } = program.residency;
  if (isUsStateOrDc(state)) {
    return {
      outcome: 'PASS',
      reason: `${state} is in the United States (program rule: ${program.residency.description})`,
    };
  }
  if (isUsTerritory(state)) {
    if (acceptedTerritories === null) {
      return {
        outcome: 'REVIEW',
        reason: `The program does not say whether residents of ${state} can apply (program rule: ${program.residency.description})`,
      };
    }
    if (acceptedTerritories.includes(state as UsTerritory)) {
      return { outcome: 'PASS', reason: `This program accepts residents of ${state}.` };
    }
    if (usResidencyRequired) {
      return {
        outcome: 'FAIL',
        reason: `This program does not list ${state} among the places it serves (program rule: ${program.residency.description})`,
      };
    }
    return { outcome: 'REVIEW', reason: `Check whether residents of ${state} can apply to this program.` };
  }
  if (usResidencyRequired === true) {
    return {
      outcome: 'FAIL',
      reason: `"${state}" is not a U.S. state, DC or territory, and this program requires U.S. residency.`,
    };
  }
  return {
    outcome: 'REVIEW',
    reason: `"${state}" is not a U.S. state, DC or territory; the program's residency rule is not known.`,
  };
}

function incomeCheck(
  program: PapProgram,
  facts: ScreeningFacts,
  state: string,
  year: number,
  percent: number | null,
): Check {
  const limit = program.incomeLimitFplPercent;
  if (program.incomeLimitDollars) return dollarIncomeCheck(program, facts, program.incomeLimitDollars);
  if (percent === null) {
    return { outcome: 'REVIEW', reason: 'Income cannot be compared with a poverty guideline outside the U.S.' };
  }
  const share = `Household income is ${formatPercent(percent)}% of the ${year} poverty guideline for ${facts.householdSize} ${
    facts.householdSize === 1 ? 'person' : 'people'
  } in ${state}`;
  if (limit === null) {
    return {
      outcome: 'REVIEW',
      reason: `${share}; this program publishes no income limit we could verify (${program.incomeLimitNote})`,
    };
  }
  return limitCheck(
    facts.annualIncomeCents,
    fplLimitCents(facts.householdSize, state, year, limit),
    share,
    `${limit}%`,
  );
}

/** Income against the sponsor's dollars, when it publishes dollars (docs/product.md §15). */
function dollarIncomeCheck(program: PapProgram, facts: ScreeningFacts, dollars: IncomeLimitDollars): Check {
  const people = `${facts.householdSize} ${facts.householdSize === 1 ? 'person' : 'people'}`;
  const maxCents = dollarLimitCents(dollars, facts.householdSize);
  if (maxCents === null) {
    return {
      outcome: 'REVIEW',
      reason: `This program publishes its income limit in dollars, but not for ${people} (${program.incomeLimitNote})`,
    };
  }
  return limitCheck(
    facts.annualIncomeCents,
    maxCents,
    `This program's limit for ${people} is published in dollars`,
    null,
  );
}

function limitCheck(incomeCents: number, maxCents: number, share: string, percent: string | null): Check {
  const limit = percent
    ? `this program's limit is ${percent} (${formatCents(maxCents)} a year)`
    : formatCents(maxCents);
  const lead = percent ? `${share}; ${limit}` : `${share}: ${limit} a year`;
  return incomeCents <= maxCents
    ? { outcome: 'PASS', reason: `${lead}, so income is within it.` }
    : { outcome: 'FAIL', reason: `${lead}, and ${formatCents(incomeCents)} is above it.` };
}

const COMMERCIAL_TYPES: readonly ScreeningInsuranceType[] = ['Employer', 'Market Place', 'Commercial Insurance'];

function insuranceCheck(program: PapProgram, insuranceType: ScreeningInsuranceType): Check {
  if (insuranceType === 'None') return ruleCheck(program.insurance.uninsured, 'people without insurance');
  if (insuranceType === 'Medicare') return ruleCheck(program.insurance.medicarePartD, 'people with Medicare Part D');
  if (insuranceType === 'Medicaid') return ruleCheck(program.insurance.medicaid, 'people with Medicaid');
  if (COMMERCIAL_TYPES.includes(insuranceType)) {
    return ruleCheck(program.insurance.commercial, `people with ${describeCommercial(insuranceType)}`);
  }
  return {
    outcome: 'REVIEW',
    reason:
      insuranceType === 'Health Share Program'
        ? 'A health share program is not insurance; a navigator should check how this program treats it.'
        : 'The program publishes no rule for this kind of coverage; a navigator should check it.',
  };
}

/** The insurance check by the kind of plan the patient named (docs/product.md §19). */
function coverageCheck(program: PapProgram, coverage: DrugCoverage): Check {
  const who = `people with ${COVERAGE_WORDS[coverage]}`;
  const rules = program.insurance;
  if (coverage === 'NONE') return ruleCheck(rules.uninsured, 'people without insurance');
  if (coverage === 'MEDICARE_WITHOUT_DRUGS') {
    const check = ruleCheck(rules.uninsured, 'people without drug coverage');
    return { ...check, reason: `Medicare without a drug plan counts as no drug coverage. ${check.reason}` };
  }
  if (MEDICARE_DRUG_PLANS.includes(coverage)) return ruleCheck(rules.medicarePartD, who);
  if (coverage === 'MEDICAID') return ruleCheck(rules.medicaid, who);
  if (coverage === 'EMPLOYER' || coverage === 'MARKETPLACE') return ruleCheck(rules.commercial, who);
  return { outcome: 'REVIEW', reason: `The program publishes no rule for ${who}; a navigator should check it.` };
}

function describeCommercial(insuranceType: ScreeningInsuranceType): string {
  if (insuranceType === 'Employer') return 'employer insurance';
  if (insuranceType === 'Market Place') return 'marketplace insurance';
  return 'commercial insurance';
}

function ruleCheck(rule: InsuranceRule, who: string): Check {
  const condition = rule.condition ? ` ${rule.condition}` : '';
  if (rule.allowed === null) {
    return { outcome: 'REVIEW', reason: `The program's rule for ${who} is not known.${condition}` };
  }
  if (!rule.allowed) {
    return { outcome: 'FAIL', reason: `This program does not accept ${who}.${condition}` };
  }
  if (rule.condition) {
    return { outcome: 'REVIEW', reason: `This program accepts ${who} only on a condition to check:${condition}` };
  }
  return { outcome: 'PASS', reason: `This program accepts ${who}.` };
}

function formatPercent(percent: number): string {
  return Number.isInteger(percent) ? String(percent) : percent.toFixed(1);
}
