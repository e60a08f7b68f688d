// One function per route rule (docs/product.md §19). Each reason is a sentence a person can read; the PAP rule is
// screenEligibility's, applied to the kind of plan the patient named.
import type { DrugCoverage } from '@rxbridge/contracts';
import { longDay, toIsoDate } from '../dates';
import { formatCents } from '../money';
import {
  COPAY_CARD_COVERAGES,
  FEDERAL_COVERAGES,
  isMedicareCoverage,
  MEDICARE_DRUG_COVERAGES,
  MEDICARE_DRUG_PLANS,
} from './coverage';
import { matchPrograms, matchesName } from './matching';
import {
  LATEST_POVERTY_GUIDELINE_YEAR,
  fplLimitCents,
  fplPercent,
  isUsStateOrDc,
  isUsTerritory,
} from './poverty-guidelines';
import { noteIn } from './program-notes';
import { reasonsIn } from './reasons';
import type { Route, RouteCatalogues, RouteFacts } from './routes';
import { screenEligibility, type Refusal, type ScreeningVerdict } from './screening';
import type { CopayCardProgram, FoundationFund, FoundationProgram, PapProgram, TherapeuticArea } from './types';

/** Where Medicare's own routes were read (docs/product.md §19). */
export const EXTRA_HELP_SOURCE = {
  url: 'https://www.kff.org/faqs/medicare-open-enrollment-faqs/im-having-a-hard-time-affording-my-medicare-part-d-drug-coverage-are-there-any-options-for-me/',
  checkedOn: '2026-11-27',
};
export const EXTRA_HELP_WEBSITE = 'https://www.ssa.gov/medicare/part-d-extra-help';
export const PAYMENT_PLAN_SOURCE = {
  url: 'https://medicare.gov/prescription-payment-plan/will-this-help-me',
  checkedOn: '2026-11-27',
};
/** Extra Help's income limit: 150% of the poverty guideline. */
export const EXTRA_HELP_FPL_PERCENT = 150;

function unique<T extends { id: string }>(items: readonly T[]): T[] {
  return [...new Map(items.map((item) => [item.id, item])).values()];
}

/** The maker's programs offering the medication, screened as today with the plan kind the patient named. */
export function papRoutes(facts: RouteFacts, paps: readonly PapProgram[]): Route[] {
  const programs = unique(matchPrograms(facts.medication, paps).matches.map((m) => m.program));
  return programs.map((program) => {
    const { verdict, reasons } = screenEligibility(
      program,
      facts.papInsuranceType
        ? { ...facts, drugCoverage: undefined, insuranceType: facts.papInsuranceType }
        : { ...facts, insuranceType: 'None' },
    );
    return {
      kind: 'PAP',
      program: { id: program.id, name: program.name, sponsor: program.manufacturer },
      verdict,
      reasons,
      website: program.website,
      source: program.source,
    };
  });
}

/**
 * Copay cards covering the medication: only for employer or marketplace plans the card names; never with Medicare,
 * Medicaid, VA/TRICARE or the Indian Health Service (the federal anti-kickback rule).
 */
export function copayCardRoutes(facts: RouteFacts, cards: readonly CopayCardProgram[]): Route[] {
  const matched = unique(matchPrograms(facts.medication, cards).matches.map((m) => m.program));
  return matched.map((card) => {
    const { verdict, reason } = copayCardVerdict(card, facts);
    const say = reasonsIn(facts.language);
    const amounts = [
      card.payAsLittleAsCents !== null ? say.payAsLittleAs(formatCents(card.payAsLittleAsCents)) : null,
      card.yearlyCapCents !== null ? say.upTo(formatCents(card.yearlyCapCents)) : null,
    ].filter(Boolean);
    // RxBridge's summary of the card's terms, in the patient's language (§20).
    const summary = noteIn(facts.language, card, 'terms');
    const terms = amounts.length ? `${summary} (${amounts.join(', ')})` : summary;
    return {
      kind: 'COPAY_CARD',
      program: { id: card.id, name: card.name, sponsor: card.sponsor },
      verdict,
      reasons: [reason, say.cardTerms(terms)],
      website: card.website,
      source: card.source,
    };
  });
}

/**
 * Why no maker's copay card can serve this coverage, or null (docs/product.md §19): a federal program (Medicare of any
 * kind, Medicaid, VA/TRICARE, the Indian Health Service), with which the federal anti-kickback rule forbids it.
 */
export function copayCardFederalRefusal(coverage: DrugCoverage | null): Refusal | null {
  if (!coverage || !FEDERAL_COVERAGES.includes(coverage)) return null;
  return (language) => {
    const say = reasonsIn(language);
    return say.copayFederal(say.coverage[coverage]);
  };
}

/**
 * Why this card cannot serve this coverage, or null (docs/product.md §19): a federal program (copayCardFederalRefusal),
 * or a kind of plan its terms do not name (eligibleCoverage). The card's route and the navigator's program override
 * (§15) both refuse by it.
 */
export function copayCardRefusal(
  card: Pick<CopayCardProgram, 'eligibleCoverage'>,
  coverage: DrugCoverage,
): Refusal | null {
  const federal = copayCardFederalRefusal(coverage);
  if (federal || (COPAY_CARD_COVERAGES.includes(coverage) && card.eligibleCoverage.includes(coverage))) return federal;
  return (language) => {
    const say = reasonsIn(language);
    return say.copayNotFor(say.coverage[coverage]);
  };
}

function copayCardVerdict(card: CopayCardProgram, facts: RouteFacts): { verdict: ScreeningVerdict; reason: string } {
  const say = reasonsIn(facts.language);
  const refused = copayCardRefusal(card, facts.drugCoverage);
  if (refused) return { verdict: 'NOT_ELIGIBLE', reason: refused(facts.language) };
  const who = say.coverage[facts.drugCoverage];
  // Terms that ended say nothing of this year's card: whether it still runs is a fact nobody could verify.
  if (card.termsEndOn !== null && card.termsEndOn < toIsoDate(facts.today ?? new Date())) {
    const ended = say.copayTermsEnded(longDay(card.termsEndOn, facts.language));
    return { verdict: 'NEEDS_REVIEW', reason: `${say.copayFor(who)} ${ended}` };
  }
  return { verdict: 'LIKELY_ELIGIBLE', reason: say.copayFor(who) };
}

/** The catalogue's therapeutic areas of the medication, read from every entry that lists it. */
function medicationAreas(medication: string, catalogues: RouteCatalogues): Set<TherapeuticArea> {
  const matches = [
    ...matchPrograms(medication, catalogues.paps).matches,
    ...matchPrograms(medication, catalogues.copayCards).matches,
  ];
  return new Set(matches.map((m) => m.medication.area));
}

/** The funds of a foundation serving the medication: naming it, or for one of its therapeutic areas. */
function fundsServing(foundation: FoundationProgram, medication: string, areas: Set<TherapeuticArea>) {
  return foundation.funds.flatMap((fund) => {
    const named = fund.medications.some((name) => matchesName(medication, name));
    return named || fund.areas.some((area) => areas.has(area)) ? [{ fund, named }] : [];
  });
}

/** Foundation funds for the medication's therapeutic area, or naming the medication; income and status decide. */
export function foundationRoutes(facts: RouteFacts, catalogues: RouteCatalogues): Route[] {
  const areas = medicationAreas(facts.medication, catalogues);
  return catalogues.foundations.flatMap((foundation) =>
    fundsServing(foundation, facts.medication, areas).map(({ fund, named }) =>
      foundationRoute(foundation, fund, facts, named),
    ),
  );
}

/** Why this fund is not for this coverage, or null (docs/product.md §19): its page limits it to Medicare patients. */
export function fundCoverageRefusal(fund: FoundationFund, coverage: DrugCoverage): Refusal | null {
  if (!fund.medicareOnly || isMedicareCoverage(coverage)) return null;
  return (language) => {
    const say = reasonsIn(language);
    return say.fundNotFor(say.coverage[coverage]);
  };
}

/**
 * Why the navigator cannot set this foundation for this coverage, or null (docs/product.md §15): every fund of it that
 * serves the medication (every fund, when none does) is one fundCoverageRefusal refuses.
 */
export function foundationRefusal(
  foundation: FoundationProgram,
  medication: string,
  coverage: DrugCoverage,
  catalogues: RouteCatalogues,
): Refusal | null {
  const serving = fundsServing(foundation, medication, medicationAreas(medication, catalogues)).map((s) => s.fund);
  const funds = serving.length ? serving : foundation.funds;
  if (!funds.length || !funds.every((fund) => fundCoverageRefusal(fund, coverage))) return null;
  return (language) => {
    const say = reasonsIn(language);
    return say.fundsNotFor(
      funds.map((fund) => fund.name),
      say.coverage[coverage],
    );
  };
}

type Check = { verdict: ScreeningVerdict; reason: string };

function foundationRoute(
  foundation: FoundationProgram,
  fund: FoundationFund,
  facts: RouteFacts,
  named: boolean,
): Route {
  const say = reasonsIn(facts.language);
  const seen = longDay(fund.statusSeenOn, facts.language);
  const status: Check =
    fund.status === 'OPEN'
      ? { verdict: 'LIKELY_ELIGIBLE', reason: say.fundOpen(seen) }
      : fund.status === 'WAITLIST'
        ? { verdict: 'NEEDS_REVIEW', reason: say.fundWaitlist(seen) }
        : { verdict: 'NOT_ELIGIBLE', reason: say.fundClosed(seen) };
  const uninsured = facts.drugCoverage === 'NONE' || facts.drugCoverage === 'MEDICARE_WITHOUT_DRUGS';
  const notFor = fundCoverageRefusal(fund, facts.drugCoverage);
  const checks: Check[] = [
    status,
    incomeWithin(facts, fund.incomeLimitFplPercent, say.thisFund),
    // A fund for one diagnosis of the area, matched by the area alone: the medication cannot tell the diagnosis.
    ...(!named && !fund.wholeArea ? [{ verdict: 'NEEDS_REVIEW' as const, reason: say.fundDiagnosis(fund.name) }] : []),
    ...(notFor
      ? [{ verdict: 'NOT_ELIGIBLE' as const, reason: notFor(facts.language) }]
      : uninsured
        ? [{ verdict: 'NEEDS_REVIEW' as const, reason: say.fundWithoutCoverage }]
        : []),
  ];
  return {
    kind: 'FOUNDATION',
    program: { id: foundation.id, name: foundation.name, sponsor: foundation.sponsor },
    verdict: worst(checks.map((c) => c.verdict)),
    reasons: checks.map((c) => c.reason),
    fund: { id: fund.id, name: fund.name, status: fund.status, statusSeenOn: fund.statusSeenOn },
    website: foundation.website,
    source: fund.source,
  };
}

/** Medicare's Extra Help for a Medicare patient not already receiving it: income up to 150% of the guideline. */
export function extraHelpRoute(facts: RouteFacts): Route | null {
  if (!MEDICARE_DRUG_COVERAGES.includes(facts.drugCoverage) || facts.extraHelp === true) return null;
  const base = { kind: 'EXTRA_HELP' as const, program: null, website: EXTRA_HELP_WEBSITE, source: EXTRA_HELP_SOURCE };
  const say = reasonsIn(facts.language);
  if (isUsTerritory(facts.state.toUpperCase())) {
    return { ...base, verdict: 'NOT_ELIGIBLE', reasons: [say.extraHelpTerritory] };
  }
  const income = incomeWithin(facts, EXTRA_HELP_FPL_PERCENT, say.extraHelp);
  if (income.verdict === 'NOT_ELIGIBLE') return { ...base, verdict: 'NOT_ELIGIBLE', reasons: [income.reason] };
  return {
    ...base,
    verdict: 'NEEDS_REVIEW',
    reasons: [income.reason, say.extraHelpResources],
  };
}

/** The Medicare Prescription Payment Plan: open to everyone with a Medicare drug plan. */
export function paymentPlanRoute(facts: RouteFacts): Route | null {
  if (!MEDICARE_DRUG_PLANS.includes(facts.drugCoverage)) return null;
  const say = reasonsIn(facts.language);
  const spent = facts.outOfPocketCents !== null ? [say.paidOutOfPocket(formatCents(facts.outOfPocketCents))] : [];
  return {
    kind: 'MEDICARE_PAYMENT_PLAN',
    program: null,
    verdict: 'LIKELY_ELIGIBLE',
    reasons: [say.paymentPlan(say.coverage[facts.drugCoverage]), ...spent],
    website: PAYMENT_PLAN_SOURCE.url,
    source: PAYMENT_PLAN_SOURCE,
  };
}

function incomeWithin(
  facts: RouteFacts,
  limit: number | null,
  what: string,
): { verdict: ScreeningVerdict; reason: string } {
  const say = reasonsIn(facts.language);
  const state = facts.state.trim().toUpperCase();
  if (!isUsStateOrDc(state) && !isUsTerritory(state)) return { verdict: 'NEEDS_REVIEW', reason: say.outsideUs };
  const year = facts.year ?? LATEST_POVERTY_GUIDELINE_YEAR;
  const percent = fplPercent(facts.annualIncomeCents, facts.householdSize, state, year);
  const share = say.share(String(percent), year);
  if (limit === null) return { verdict: 'NEEDS_REVIEW', reason: say.routeNoLimit(share, what) };
  const maxCents = fplLimitCents(facts.householdSize, state, year, limit);
  const rule = say.routeLimit(share, what, limit, formatCents(maxCents));
  return facts.annualIncomeCents <= maxCents
    ? { verdict: 'LIKELY_ELIGIBLE', reason: say.within(rule) }
    : { verdict: 'NOT_ELIGIBLE', reason: say.above(rule, formatCents(facts.annualIncomeCents)) };
}

function worst(verdicts: ScreeningVerdict[]): ScreeningVerdict {
  if (verdicts.includes('NOT_ELIGIBLE')) return 'NOT_ELIGIBLE';
  return verdicts.includes('NEEDS_REVIEW') ? 'NEEDS_REVIEW' : 'LIKELY_ELIGIBLE';
}
