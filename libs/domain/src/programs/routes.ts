// Every route a patient may take for one medication (docs/product.md §19): the maker's program, its copay card, a
// foundation's disease fund, Medicare's Extra Help and the Medicare Prescription Payment Plan, best first. Pure.
import type { DrugCoverage, Language } from '@rxbridge/contracts';
import { COPAY_CARD_CATALOGUE, FOUNDATION_CATALOGUE, PAP_CATALOGUE } from './catalogue';
import { copayCardRoutes, extraHelpRoute, foundationRoutes, papRoutes, paymentPlanRoute } from './route-rules';
import type { ScreeningInsuranceType, ScreeningVerdict } from './screening';
import type { CopayCardProgram, FoundationProgram, FundStatus, PapProgram, SourceRef } from './types';

export const ROUTE_KINDS = ['PAP', 'COPAY_CARD', 'FOUNDATION', 'EXTRA_HELP', 'MEDICARE_PAYMENT_PLAN'] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];

/** What the routes are screened on: the check's fields, or a patient's saved facts and coverage answers. */
export interface RouteFacts {
  medication: string;
  householdSize: number;
  annualIncomeCents: number;
  /** Two-letter code: a state, DC or a territory. */
  state: string;
  drugCoverage: DrugCoverage;
  /**
   * The old insurance type, when the plan kind was not answered (an old record, or a check body without
   * drugCoverage): the maker's programs are screened on it as before (docs/product.md §15).
   */
  papInsuranceType?: ScreeningInsuranceType;
  /** Already receiving Medicare's Extra Help; null when not answered. */
  extraHelp: boolean | null;
  /** Out-of-pocket prescription spend this year, in cents; null when not answered. */
  outOfPocketCents: number | null;
  year?: number;
  /** The day of the screening, now when not given: a copay card whose terms ended before it needs review. */
  today?: Date;
  /** The language of the reasons (docs/product.md, Languages); English when not given. */
  language?: Language;
}

export interface Route {
  kind: RouteKind;
  /** The catalogue entry; null for Extra Help and the payment plan, which are Medicare's. */
  program: { id: string; name: string; sponsor: string } | null;
  verdict: ScreeningVerdict;
  reasons: string[];
  /** The fund a foundation route is for. */
  fund?: { id: string; name: string; status: FundStatus; statusSeenOn: string };
  /** Where the patient goes next (the sponsor's or Medicare's page); null when unknown. */
  website: string | null;
  /** The page the route's facts were read on. */
  source: SourceRef;
}

export interface RouteCatalogues {
  paps: readonly PapProgram[];
  copayCards: readonly CopayCardProgram[];
  foundations: readonly FoundationProgram[];
}

export const CATALOGUES: RouteCatalogues = {
  paps: PAP_CATALOGUE,
  copayCards: COPAY_CARD_CATALOGUE,
  foundations: FOUNDATION_CATALOGUE,
};

const VERDICT_ORDER: Record<ScreeningVerdict, number> = { LIKELY_ELIGIBLE: 0, NEEDS_REVIEW: 1, NOT_ELIGIBLE: 2 };

/**
 * Every route for the medication and the household, best first (LIKELY_ELIGIBLE, NEEDS_REVIEW, NOT_ELIGIBLE; within
 * a verdict the rules' order). Throws a RangeError for an impossible household size or income, like the screening.
 */
export function screenRoutes(facts: RouteFacts, catalogues: RouteCatalogues = CATALOGUES): Route[] {
  const routes = [
    ...papRoutes(facts, catalogues.paps),
    ...copayCardRoutes(facts, catalogues.copayCards),
    ...foundationRoutes(facts, catalogues),
    ...[extraHelpRoute(facts), paymentPlanRoute(facts)].filter((r): r is Route => r !== null),
  ];
  return routes
    .map((route, i) => ({ route, i }))
    .sort((a, b) => VERDICT_ORDER[a.route.verdict] - VERDICT_ORDER[b.route.verdict] || a.i - b.i)
    .map(({ route }) => route);
}
