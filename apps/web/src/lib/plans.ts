import { ADDITIONAL_PRESCRIPTION_CENTS, PLANS, formatCents, type Plan } from '@rxbridge/domain';

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
