// Pure first-pass screening of a household against one program, and medication-name matching over the catalogue.
// A verdict is advice for a navigator, never a promise: programs make the final decision.
import type { DrugCoverage, InsuranceType, Language } from '@rxbridge/contracts';
import { formatCents } from '../money';
import {
  LATEST_POVERTY_GUIDELINE_YEAR,
  fplLimitCents,
  fplPercent as computeFplPercent,
  isUsStateOrDc,
  isUsTerritory,
} from './poverty-guidelines';
import { MEDICARE_DRUG_PLANS } from './coverage';
import { dollarLimitCents } from './income-limits';
import { noteIn, type InsuranceRuleKind } from './program-notes';
import { reasonsIn, type Reasons } from './reasons';
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
  /** The language of the reasons (docs/product.md, Languages); English when not given. */
  language?: Language;
}

export interface ScreeningResult {
  verdict: ScreeningVerdict;
  /** Sentences a person can read, in the order the checks ran. */
  reasons: string[];
  /** Income as a percentage of the guideline (one decimal, truncated); null outside the U.S. and its territories. */
  fplPercent: number | null;
}

/**
 * Why a route is refused, decided once and said in any language (English when none is given): the route's verdict
 * words it in the patient's, the navigator's override in each of the answer's (docs/product.md §15).
 */
export type Refusal = (language?: Language) => string;

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

  // The reasons' sentences and RxBridge's own notes on the program, both in the patient's language (§20).
  const say = reasonsIn(facts.language);
  const checks: Check[] = [
    residencyCheck(program, state, say, facts.language),
    incomeCheck(program, facts, state, year, percent, say),
    facts.drugCoverage
      ? coverageCheck(program, facts.drugCoverage, say, facts.language)
      : insuranceCheck(program, facts.insuranceType, say, facts.language),
  ];
  const verdict: ScreeningVerdict = checks.some((c) => c.outcome === 'FAIL')
    ? 'NOT_ELIGIBLE'
    : checks.some((c) => c.outcome === 'REVIEW')
      ? 'NEEDS_REVIEW'
      : 'LIKELY_ELIGIBLE';
  return { verdict, reasons: checks.map((c) => c.reason), fplPercent: percent };
}

function residencyCheck(program: PapProgram, state: string, say: Reasons, language?: Language): Check {
  const rule = noteIn(language, program, 'residency');
  const { usResidencyRequired, acceptedTerritories } = program.residency;
  if (isUsStateOrDc(state)) {
    return { outcome: 'PASS', reason: say.inUs(state, rule) };
  }
  if (isUsTerritory(state)) {
    if (acceptedTerritories === null) {
      return { outcome: 'REVIEW', reason: say.territoryUnknown(state, rule) };
    }
    if (acceptedTerritories.includes(state as UsTerritory)) {
      return { outcome: 'PASS', reason: say.territoryAccepted(state) };
    }
    if (usResidencyRequired) {
      return { outcome: 'FAIL', reason: say.territoryNotListed(state, rule) };
    }
    return { outcome: 'REVIEW', reason: say.territoryCheck(state) };
  }
  if (usResidencyRequired === true) {
    return { outcome: 'FAIL', reason: say.outsideRequired(state) };
  }
  return { outcome: 'REVIEW', reason: say.outsideUnknown(state) };
}

function incomeCheck(
  program: PapProgram,
  facts: ScreeningFacts,
  state: string,
  year: number,
  percent: number | null,
  say: Reasons,
): Check {
  const limit = program.incomeLimitFplPercent;
  if (program.incomeLimitDollars) return dollarIncomeCheck(program, facts, state, program.incomeLimitDollars, say);
  if (percent === null) return { outcome: 'REVIEW', reason: say.outsideUs };
  const share = say.shareFor(say.share(formatPercent(percent), year), say.people(facts.householdSize), state);
  const note = noteIn(facts.language, program, 'incomeLimitNote');
  if (limit === null) return { outcome: 'REVIEW', reason: say.noLimit(share, note) };
  return limitCheck(
    facts.annualIncomeCents,
    fplLimitCents(facts.householdSize, state, year, limit),
    share,
    `${limit}%`,
    say,
  );
}

/**
 * Income against the sponsor's dollars, when it publishes dollars (docs/product.md §15); a state its page leaves out
 * of the table (Merck: Alaska and Hawaii, by phone) needs review, as the table's dollars are not that state's limit.
 */
function dollarIncomeCheck(
  program: PapProgram,
  facts: ScreeningFacts,
  state: string,
  dollars: IncomeLimitDollars,
  say: Reasons,
): Check {
  const people = say.people(facts.householdSize);
  const maxCents = dollarLimitCents(dollars, facts.householdSize);
  const note = noteIn(facts.language, program, 'incomeLimitNote');
  if (dollars.statesNotCovered.includes(state))
    return { outcome: 'REVIEW', reason: say.dollarsNotInState(state, note) };
  if (maxCents === null) return { outcome: 'REVIEW', reason: say.dollarsNotFor(people, note) };
  return limitCheck(facts.annualIncomeCents, maxCents, say.dollarShare(people), null, say);
}

function limitCheck(incomeCents: number, maxCents: number, share: string, percent: string | null, say: Reasons): Check {
  const max = formatCents(maxCents);
  const lead = percent ? say.limitPercent(share, percent, max) : say.limitDollars(share, max);
  return incomeCents <= maxCents
    ? { outcome: 'PASS', reason: say.within(lead) }
    : { outcome: 'FAIL', reason: say.above(lead, formatCents(incomeCents)) };
}

const COMMERCIAL_TYPES: readonly ScreeningInsuranceType[] = ['Employer', 'Market Place', 'Commercial Insurance'];

function insuranceCheck(
  program: PapProgram,
  insuranceType: ScreeningInsuranceType,
  say: Reasons,
  language?: Language,
): Check {
  const check = (kind: InsuranceRuleKind, who: string) => ruleCheck(program, kind, who, say, language);
  if (insuranceType === 'None') return check('uninsured', say.uninsured);
  if (insuranceType === 'Medicare') return check('medicarePartD', say.medicarePartD);
  if (insuranceType === 'Medicaid') return check('medicaid', say.medicaid);
  if (COMMERCIAL_TYPES.includes(insuranceType)) {
    return check('commercial', say.peopleWith(describeCommercial(insuranceType, say)));
  }
  return {
    outcome: 'REVIEW',
    reason: insuranceType === 'Health Share Program' ? say.healthShare : say.noRuleForKind,
  };
}

/**
 * Which of the program's insurance rules screens a kind of plan (docs/product.md §15), or null when it publishes none
 * for it: Medicare without a drug plan by its own rule where its page states one, else as no drug coverage.
 */
function coverageRuleKind(program: PapProgram, coverage: DrugCoverage): InsuranceRuleKind | null {
  if (coverage === 'NONE') return 'uninsured';
  if (coverage === 'MEDICARE_WITHOUT_DRUGS')
    return program.insurance.medicareWithoutDrugs ? 'medicareWithoutDrugs' : 'uninsured';
  if (MEDICARE_DRUG_PLANS.includes(coverage)) return 'medicarePartD';
  if (coverage === 'MEDICAID') return 'medicaid';
  if (coverage === 'EMPLOYER' || coverage === 'MARKETPLACE') return 'commercial';
  if (coverage === 'VA_TRICARE' && program.insurance.vaTricare) return 'vaTricare';
  return null;
}

/** The insurance check by the kind of plan the patient named (docs/product.md §19). */
function coverageCheck(program: PapProgram, coverage: DrugCoverage, say: Reasons, language?: Language): Check {
  const kind = coverageRuleKind(program, coverage);
  const who = say.peopleWith(say.coverage[coverage]);
  if (kind === null) return { outcome: 'REVIEW', reason: say.noRuleFor(who) };
  if (coverage === 'NONE') return ruleCheck(program, kind, say.uninsured, say, language);
  if (coverage !== 'MEDICARE_WITHOUT_DRUGS' || kind !== 'uninsured')
    return ruleCheck(program, kind, who, say, language);
  // The program's Part D rule is about a drug plan the patient does not have (§15).
  const uninsured = ruleCheck(program, kind, say.noDrugCoverage, say, language);
  return { ...uninsured, reason: say.medicareWithoutDrugs(uninsured.reason) };
}

/**
 * A rule not allowed whose condition, as the catalogue words it, begins "Exception:" names a case the program still
 * reviews (Merck's hardship, ViiV's limited private plans): it excludes nobody outright.
 */
export const namesException = (rule: InsuranceRule): boolean => rule.condition?.startsWith('Exception:') === true;

/**
 * Why the program's own rule excludes this kind of plan, or null (docs/product.md §15): the rule that screens it is
 * not allowed and names no exception. An unknown rule, or none for the kind, excludes nobody. The words come in any
 * language, as the check's reason; the navigator's program override refuses by it (§8).
 */
export function programCoverageRefusal(program: PapProgram, coverage: DrugCoverage): Refusal | null {
  const kind = coverageRuleKind(program, coverage);
  const rule = kind ? program.insurance[kind] : undefined;
  if (!rule || rule.allowed !== false || namesException(rule)) return null;
  return (language) => coverageCheck(program, coverage, reasonsIn(language), language).reason;
}

function describeCommercial(insuranceType: ScreeningInsuranceType, say: Reasons): string {
  if (insuranceType === 'Employer') return say.employerInsurance;
  if (insuranceType === 'Market Place') return say.marketplaceInsurance;
  return say.commercialInsurance;
}

function ruleCheck(
  program: PapProgram,
  kind: InsuranceRuleKind,
  who: string,
  say: Reasons,
  language?: Language,
): Check {
  const allowed = program.insurance[kind]?.allowed ?? null;
  const note = noteIn(language, program, kind);
  const condition = note ? ` ${note}` : '';
  if (allowed === null) return { outcome: 'REVIEW', reason: say.ruleUnknown(who, condition) };
  if (!allowed) return { outcome: 'FAIL', reason: say.notAccepted(who, condition) };
  if (note) return { outcome: 'REVIEW', reason: say.onCondition(who, condition) };
  return { outcome: 'PASS', reason: say.accepted(who) };
}

function formatPercent(percent: number): string {
  return Number.isInteger(percent) ? String(percent) : percent.toFixed(1);
}
