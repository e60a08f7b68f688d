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

let cards: PlanCard[] | undefined;
/** The plan cards, formatted when first asked for, as the domain's labels are (docs/architecture.md §1, What loads first). */
export function planCards(): PlanCard[] {
  return (cards ??= PLANS.map((p) => ({
    ...p,
    price: dollars(p.priceCents),
    cadence: CADENCE[p.interval],
    recommended: p.tier === 'ONGOING_CARE',
  })));
}

export const planCard = (tier: Plan['tier']) => planCards().find((p) => p.tier === tier)!;

/** A plan's name as the staff screens say it ("DIY Toolkit", not the tier's code), from libs/domain. */
export const planNameOf = (tier: string) => PLANS.find((p) => p.tier === tier)?.name ?? tier;

/** "$49/mo": the subscription price shown beside every popular medication. */
export const subscriptionPriceLabel = () => planCard('ONGOING_CARE').priceLabel;
/** "$30": the fee for each prescription beyond those a plan covers. */
export const additionalFee = () => dollars(ADDITIONAL_PRESCRIPTION_CENTS);
