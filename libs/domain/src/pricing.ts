import type { BillingInterval, CostQuote, Language, PlanTier } from '@rxbridge/contracts';
import { formatCents, type FormatCentsOptions } from './money';
import { PRICING_WORDS, priceInEnglish } from './pricing-words';

// docs/product.md §3 Plans and pricing. One function prices every tier, so the landing page,
// the signup wizard, the API and the worker can never disagree on an amount.

export const ADDITIONAL_PRESCRIPTION_CENTS = 3000;
export const MAX_PRESCRIPTIONS = 100;

export type { BillingInterval, CostQuote };

interface TierRule {
  /** Flat fee that covers the first `includedPrescriptions`. */
  baseCents: number;
  includedPrescriptions: number;
  additionalCents: number;
  interval: BillingInterval;
}

const TIER_RULES: Record<PlanTier, TierRule> = {
  ONGOING_CARE: {
    baseCents: 4900,
    includedPrescriptions: 2,
    additionalCents: ADDITIONAL_PRESCRIPTION_CENTS,
    interval: 'month',
  },
  ENROLLMENT_ONLY: {
    baseCents: 10900,
    includedPrescriptions: 1,
    additionalCents: ADDITIONAL_PRESCRIPTION_CENTS,
    interval: 'one_time',
  },
  DIY_INSTRUCTIONS: { baseCents: 0, includedPrescriptions: 0, additionalCents: 0, interval: 'none' },
};

export interface PricingLine {
  kind: 'bundle' | 'additional';
  description: string;
  quantity: number;
  unitAmount: number;
  amount: number;
}

export interface PricingSummary {
  bundle: string;
  additional: string;
  free: string;
  total: string;
}

export interface Pricing {
  tier: PlanTier;
  prescriptionCount: number;
  /** Cents charged per interval (or once, for one_time). */
  totalAmount: number;
  /** Nothing is ever charged at signup: the charge follows approval and the first shipment. */
  dueToday: 0;
  interval: BillingInterval;
  /** Amount lines that add up to totalAmount (empty when nothing is charged). */
  lines: PricingLine[];
  summary: PricingSummary;
}

export function isPlanTier(value: unknown): value is PlanTier {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(TIER_RULES, value);
}

function assertPrescriptionCount(count: number): void {
  if (!Number.isInteger(count) || count < 0 || count > MAX_PRESCRIPTIONS) {
    throw new RangeError(
      `Prescription count must be a whole number from 0 to ${MAX_PRESCRIPTIONS}, got ${String(count)}.`,
    );
  }
}

function ruleFor(tier: PlanTier): TierRule {
  if (!isPlanTier(tier)) {
    throw new RangeError(`Unknown plan tier "${String(tier)}".`);
  }
  return TIER_RULES[tier];
}

/** "$49.00/mo", "$109.00 one-time", "$0.00": the plan cards' English label. */
export function formatPrice(cents: number, interval: BillingInterval, options: FormatCentsOptions = {}): string {
  return priceInEnglish(formatCents(cents, options), interval);
}

/** The breakdown's four texts in one language: the rule's numbers, the phrasebook's words. */
function describe(
  tier: PlanTier,
  rule: TierRule,
  { count, additional, totalAmount }: { count: number; additional: number; totalAmount: number },
  language: Language,
): PricingSummary {
  const words = PRICING_WORDS[language];
  const money = (cents: number) => formatCents(cents, { language });
  const price = (cents: number) => words.price(money(cents), rule.interval);
  const diy = tier === 'DIY_INSTRUCTIONS';
  const waiver = money(rule.additionalCents);

  let bundle: string;
  if (diy) bundle = words.diyBundle(count === 0 ? null : words.prescriptions(count));
  else if (count === 0) bundle = words.noneYet(price(0));
  else bundle = words.bundle(Math.min(count, rule.includedPrescriptions), price(rule.baseCents));

  let more: string;
  if (rule.additionalCents === 0) more = words.noAdditionalFees;
  else if (additional === 0) more = words.noAdditional;
  else more = words.additional(additional, money(rule.additionalCents), price(additional * rule.additionalCents));

  // The Ongoing Care bundle covers two prescriptions: the second one's $30 fee is the promised waiver.
  let free = words.nothingToday;
  if (diy) free = words.diyFree;
  else if (tier === 'ONGOING_CARE' && count >= 2) free = words.secondWaived(waiver);
  else if (tier === 'ONGOING_CARE' && count === 1) free = words.addSecond(waiver);

  return { bundle, additional: more, free, total: words.total(price(totalAmount)) };
}

/**
 * Prices a plan for a number of prescriptions (docs/product.md §3 Plans and pricing); its texts in
 * `language` (docs/product.md §20 Languages), the amounts the same in every language.
 */
export function calculatePricing(tier: PlanTier, prescriptionCount: number, language: Language = 'en'): Pricing {
  const rule = ruleFor(tier);
  assertPrescriptionCount(prescriptionCount);

  const covered = Math.min(prescriptionCount, rule.includedPrescriptions);
  const additional = prescriptionCount === 0 ? 0 : prescriptionCount - covered;
  const bundleCents = prescriptionCount > 0 ? rule.baseCents : 0;
  const additionalCents = additional * rule.additionalCents;
  const totalAmount = bundleCents + additionalCents;
  const summary = describe(tier, rule, { count: prescriptionCount, additional, totalAmount }, language);

  const lines: PricingLine[] = [];
  if (bundleCents > 0) {
    lines.push({
      kind: 'bundle',
      description: summary.bundle,
      quantity: covered,
      unitAmount: rule.baseCents,
      amount: bundleCents,
    });
  }
  if (additionalCents > 0) {
    lines.push({
      kind: 'additional',
      description: summary.additional,
      quantity: additional,
      unitAmount: rule.additionalCents,
      amount: additionalCents,
    });
  }
  return { tier, prescriptionCount, totalAmount, dueToday: 0, interval: rule.interval, lines, summary };
}

/** The cost preview of GET /subscriptions/calculate-cost (docs/product.md §3 Plans and pricing). */
export function calculateCostQuote(
  prescriptionCount: number,
  tier: PlanTier = 'ONGOING_CARE',
  language: Language = 'en',
): CostQuote {
  const pricing = calculatePricing(tier, prescriptionCount, language);
  const lineAmount = (kind: PricingLine['kind']) => pricing.lines.find((line) => line.kind === kind)?.amount ?? 0;
  const additional = pricing.lines.find((line) => line.kind === 'additional');
  return {
    tier,
    prescriptionCount,
    totalMonthlyAmount: pricing.totalAmount,
    dueToday: 0,
    interval: pricing.interval,
    summary: { total: pricing.summary.total },
    firstTwoPrescriptions: { description: pricing.summary.bundle, amount: lineAmount('bundle') },
    additionalPrescriptions: {
      description: pricing.summary.additional,
      count: additional?.quantity ?? 0,
      amount: lineAmount('additional'),
    },
  };
}

export interface Plan {
  tier: PlanTier;
  name: string;
  /** Price of the plan's base bundle in cents. */
  priceCents: number;
  interval: BillingInterval;
  /** "$49/mo", "$109 one-time", "$0": what the plan card shows in large type. */
  priceLabel: string;
  description: string;
  features: readonly string[];
}

// The labels are formatted when first read, not as the module loads: the first currency format
// costs a phone tens of milliseconds, and a signed-in patient's first screen shows none
// (docs/architecture.md §1, What loads first).
function plan(
  tier: PlanTier,
  name: string,
  description: string,
  features: (additionalFee: string) => readonly string[],
): Plan {
  const { baseCents, interval } = TIER_RULES[tier];
  return {
    tier,
    name,
    priceCents: baseCents,
    interval,
    get priceLabel() {
      return formatPrice(baseCents, interval, { dropZeroCents: true });
    },
    description,
    get features() {
      return features(formatCents(ADDITIONAL_PRESCRIPTION_CENTS, { dropZeroCents: true }));
    },
  };
}

/** The three plan cards of the landing page and the signup wizard (docs/product.md §3 Plans and pricing). */
export const PLANS: readonly Plan[] = [
  plan(
    'ONGOING_CARE',
    'Ongoing Care',
    'We enroll you, coordinate every refill and renew your enrollment each year.',
    (additionalFee) => [
      'Covers your first 2 prescriptions (second prescription fee waived)',
      `${additionalFee}/mo for each additional prescription`,
      'Nothing due today: no charge until your first shipment is scheduled',
      'A human care navigator handles paperwork, calls and your doctor',
      'Refills and yearly re-enrollment handled for you',
    ],
  ),
  plan(
    'ENROLLMENT_ONLY',
    'Enrollment Only',
    'We prepare and submit your application and follow up until the program decides.',
    (additionalFee) => [
      'Covers your first prescription',
      `${additionalFee} one-time for each additional prescription`,
      'Nothing due today: charged once, when your first shipment is scheduled',
      'A care navigator completes the forms and coordinates with your doctor',
      'You manage refills and renewals yourself',
    ],
  ),
  plan('DIY_INSTRUCTIONS', 'DIY Toolkit', 'Apply on your own with our free step-by-step guide.', () => [
    'Step-by-step guide to the drug maker’s application',
    'Checklist of the documents programs ask for',
    'Download the application form',
    'No care navigator support',
  ]),
];

/** How a tier is billed: monthly, once, or never. */
export function billingIntervalOf(tier: PlanTier): BillingInterval {
  return ruleFor(tier).interval;
}
