import { ADDITIONAL_PRESCRIPTION_CENTS, PLANS, formatCents, type Plan } from '@rxbridge/domain';
import { formatCents as formatCentsIn } from './format';
import { i18n } from './i18n';

// Plan prices come from libs/domain, the same function the API and worker charge with.
export { formatCents };

/** "$49", "$1,100": whole dollars without cents, as the marketing pages show them. */
export const dollars = (cents: number) => formatCents(cents, { dropZeroCents: true });

const CADENCE: Record<Plan['interval'], string> = { month: '/mo', one_time: ' one-time', none: '' };

export interface PlanCard extends Plan {
  price: string;
  cadence: string;
  recommended: boolean;
}

export const PLAN_CARDS: PlanCard[] = PLANS.map((p) => ({
  ...p,
  price: dollars(p.priceCents),
  cadence: CADENCE[p.interval],
  recommended: p.tier === 'ONGOING_CARE',
}));

export const planCard = (tier: Plan['tier']) => PLAN_CARDS.find((p) => p.tier === tier)!;

/** "$49/mo": the subscription price shown beside every popular medication. */
export const SUBSCRIPTION_PRICE_LABEL = planCard('ONGOING_CARE').priceLabel;
export const ADDITIONAL_FEE = dollars(ADDITIONAL_PRESCRIPTION_CENTS);

/** A plan's name in the active language ("Ongoing Care", "Atención continua"). */
export function planName(tier: Plan['tier']): string {
  switch (tier) {
    case 'ONGOING_CARE':
      return i18n._('common.plan.ongoingCare');
    case 'ENROLLMENT_ONLY':
      return i18n._('common.plan.enrollmentOnly');
    case 'DIY_INSTRUCTIONS':
      return i18n._('common.plan.diy');
    default:
      return tier;
  }
}

/** "$49.00/mo", "$100.00 one-time": libs/domain's formatPrice in the active language. */
export function priceWithInterval(cents: number, interval: Plan['interval']): string {
  const amount = formatCentsIn(cents);
  if (interval === 'month') return i18n._('common.price.monthly', { amount });
  if (interval === 'one_time') return i18n._('common.price.oneTime', { amount });
  return amount;
}
