import { ADDITIONAL_PRESCRIPTION_CENTS, PLANS, formatCents, type Plan } from '@rxbridge/domain';

// Plan prices come from libs/domain, the same function the API and worker charge with.
export { formatCents };

/** "$49", "$1,100": whole dollars without cents, as the marketing pages show them. */
export const dollars = (cents: number) => formatCents(cents, { dropZeroCents: true });

export interface PlanCard extends Plan {
  /** "$49": the price alone; its cadence is in the page's language (the landing's planCadence). */
  price: string;
  recommended: boolean;
}

let cards: PlanCard[] | undefined;
/** The plan cards, formatted when first asked for, as the domain's labels are (docs/architecture.md §1, What loads first). */
export function planCards(): PlanCard[] {
  return (cards ??= PLANS.map((p) => ({
    ...p,
    price: dollars(p.priceCents),
    recommended: p.tier === 'ONGOING_CARE',
  })));
}

export const planCard = (tier: Plan['tier']) => planCards().find((p) => p.tier === tier)!;

/** A plan's name as the staff screens say it ("DIY Toolkit", not the tier's code), from libs/domain. */
export const planNameOf = (tier: string) => PLANS.find((p) => p.tier === tier)?.name ?? tier;

/** "$30": the fee for each prescription beyond those a plan covers. */
export const additionalFee = () => dollars(ADDITIONAL_PRESCRIPTION_CENTS);
