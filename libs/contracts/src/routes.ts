// Routes for every patient (docs/product.md §19): the catalogue's kinds and their public views, the check's coverage
// answers and the routes it answers. Shared with the web app: no node modules here. The rules live in libs/domain.
import { z } from 'zod';
import { DRUG_COVERAGES } from './enums';
import { isoDay } from './fields';

/** The catalogue's entry kinds (libs/domain's CATALOGUE_KINDS). */
export const CATALOGUE_KIND_VALUES = ['PAP', 'COPAY_CARD', 'FOUNDATION'] as const;
export type CatalogueKindValue = (typeof CATALOGUE_KIND_VALUES)[number];
/** The routes a screening answers: the catalogue's kinds and Medicare's two. */
export const ROUTE_KIND_VALUES = [...CATALOGUE_KIND_VALUES, 'EXTRA_HELP', 'MEDICARE_PAYMENT_PLAN'] as const;
export type RouteKindValue = (typeof ROUTE_KIND_VALUES)[number];
export const FUND_STATUS_VALUES = ['OPEN', 'CLOSED', 'WAITLIST'] as const;

/** Texts of the routes' fields (docs/product.md §12 Messages). */
export const ROUTE_MESSAGES = {
  kind: `kind must be one of: ${CATALOGUE_KIND_VALUES.join(', ')}`,
  coverageRequired: 'Please say what kind of plan it is (drugCoverage), or that there is none',
} as const;

const source = z.object({ url: z.string(), checkedOn: isoDay });
const fundRef = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(FUND_STATUS_VALUES),
  statusSeenOn: isoDay,
});

/** One route of a screening, best first in its list (docs/product.md §19). */
export const routeSchema = z.object({
  kind: z.enum(ROUTE_KIND_VALUES),
  /** null for Extra Help and the payment plan, which are Medicare's own. */
  program: z.object({ id: z.string(), name: z.string(), sponsor: z.string() }).nullable(),
  verdict: z.enum(['LIKELY_ELIGIBLE', 'NOT_ELIGIBLE', 'NEEDS_REVIEW']),
  reasons: z.array(z.string()),
  fund: fundRef.optional(),
  /** Where to go next: the sponsor's or Medicare's page. */
  website: z.string().nullable(),
  /** The page the route's facts were read on. */
  source,
});
export type RouteView = z.infer<typeof routeSchema>;

const medications = z.array(z.object({ brand: z.string(), generic: z.string() }));

/** A copay card as everyone may see it. */
export const copayCardViewSchema = z.object({
  kind: z.literal('COPAY_CARD'),
  id: z.string(),
  name: z.string(),
  sponsor: z.string(),
  medications,
  website: z.string().nullable(),
  eligibleCoverage: z.array(z.enum(DRUG_COVERAGES)),
  terms: z.string(),
  payAsLittleAsCents: z.number().int().nullable(),
  yearlyCapCents: z.number().int().nullable(),
  /** The last day of the terms read on the card's page (YYYY-MM-DD); null when it states none (docs/product.md §15). */
  termsEndOn: isoDay.nullable(),
  source,
});
export type CopayCardView = z.infer<typeof copayCardViewSchema>;

/** A foundation and its disease funds as everyone may see them. */
export const foundationViewSchema = z.object({
  kind: z.literal('FOUNDATION'),
  id: z.string(),
  name: z.string(),
  sponsor: z.string(),
  website: z.string().nullable(),
  funds: z.array(
    fundRef.extend({
      areas: z.array(z.string()),
      medications: z.array(z.string()),
      incomeLimitFplPercent: z.number().nullable(),
      source,
    }),
  ),
  source,
});
export type FoundationView = z.infer<typeof foundationViewSchema>;
