import type { BillingInterval, CostQuote, PlanTier } from '@rxbridge/contracts';
import { formatCents, type FormatCentsOptions } from './money';

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

/** "$49.00/mo", "$109.00 one-time", "$0.00". */
export function formatPrice(cents: number, interval: BillingInterval, options: FormatCentsOptions = {}): string {
  const amount = formatCents(cents, options);
  if (interval === 'month') return `${amount}/mo`;
  if (interval === 'one_time') return `${amount} one-time`;
  return amount;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function describeBundle(tier: PlanTier, rule: TierRule, count: number): string {
  if (tier === 'DIY_INSTRUCTIONS') {
    return count === 0 ? 'DIY Toolkit: free' : `DIY Toolkit for ${plural(count, 'prescription')}: free`;
  }
  if (count === 0) return `No prescriptions added yet: ${formatPrice(0, rule.interval)}`;
  const covered = Math.min(count, rule.includedPrescriptions);
  const what = covered === 1 ? 'First prescription' : `First ${covered} prescriptions`;
  return `${what}: ${formatPrice(rule.baseCents, rule.interval)}`;
}

function describeAdditional(rule: TierRule, additional: number): string {
  if (rule.additionalCents === 0) return 'No fees for additional prescriptions';
  if (additional === 0) return 'No additional prescriptions';
  const amount = formatPrice(additional * rule.additionalCents, rule.interval);
  return `${plural(additional, 'additional prescription')} × ${formatCents(rule.additionalCents)} = ${amount}`;
}

function describeFree(tier: PlanTier, rule: TierRule, count: number): string {
  if (tier === 'DIY_INSTRUCTIONS') return 'The DIY Toolkit is free for every prescription';
  if (tier === 'ONGOING_CARE') {
    // The bundle covers two prescriptions: the second one's $30 fee is the promised waiver.
    const waived = formatCents(rule.additionalCents);
    if (count >= 2) return `Second prescription fee waived (save ${waived})`;
    if (count === 1) return `Add a second prescription at no extra cost (save ${waived})`;
  }
  return 'Nothing due today: you pay only after approval, when your first shipment is scheduled';
}

/** Prices a plan for a number of prescriptions (docs/product.md §3 Plans and pricing). */
export function calculatePricing(tier: PlanTier, prescriptionCount: number): Pricing {
  const rule = ruleFor(tier);
  assertPrescriptionCount(prescriptionCount);

  const lines: PricingLine[] = [];
  const additional = prescriptionCount === 0 ? 0 : Math.max(0, prescriptionCount - rule.includedPrescriptions);
  if (prescriptionCount > 0 && rule.baseCents > 0) {
    lines.push({
      kind: 'bundle',
      description: describeBundle(tier, rule, prescriptionCount),
      quantity: Math.min(prescriptionCount, rule.includedPrescriptions),
      unitAmount: rule.baseCents,
      amount: rule.baseCents,
    });
  }
  if (additional > 0 && rule.additionalCents > 0) {
    lines.push({
      kind: 'additional',
      description: describeAdditional(rule, additional),
      quantity: additional,
      unitAmount: rule.additionalCents,
      amount: additional * rule.additionalCents,
    });
  }
  const totalAmount = lines.reduce((sum, line) => sum + line.amount, 0);

  return {
    tier,
    prescriptionCount,
    totalAmount,
    dueToday: 0,
    interval: rule.interval,
    lines,
    summary: {
      bundle: describeBundle(tier, rule, prescriptionCount),
      additional: describeAdditional(rule, additional),
      free: describeFree(tier, rule, prescriptionCount),
      total: `Total: ${formatPrice(totalAmount, rule.interval)}`,
    },
  };
}

/** The cost preview of GET /subscriptions/calculate-cost (docs/product.md §3 Plans and pricing). */
export function calculateCostQuote(prescriptionCount: number, tier: PlanTier = 'ONGOING_CARE'): CostQuote {
  const pricing = calculatePricing(tier, prescriptionCount);
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
