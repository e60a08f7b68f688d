import type { EntityManager } from 'typeorm';
import type { Subscription } from '@rxbridge/database';
import { calculatePricing, MAX_PRESCRIPTIONS } from '@rxbridge/domain';
import { countPrescriptions } from '@rxbridge/records';

export type SubscriptionPricing = Pick<Subscription, 'prescriptionCount' | 'totalAmount' | 'pricingBreakdown'>;

/**
 * A subscription's count and price from the patient's prescriptions now: the API opens a
 * subscription with it and the worker re-prices one with it (docs/product.md §4 Subscriptions). A
 * signup, which has just written every prescription the patient has, prices with pricingFor.
 */
export async function subscriptionPricing(
  manager: EntityManager,
  userId: string,
  tier: Subscription['tier'],
): Promise<SubscriptionPricing> {
  return pricingFor(tier, await countPrescriptions(manager, userId));
}

/** The price of a plan for this many prescriptions, past the cap counted as the cap. */
export function pricingFor(tier: Subscription['tier'], prescriptions: number): SubscriptionPricing {
  const prescriptionCount = Math.min(prescriptions, MAX_PRESCRIPTIONS);
  const pricing = calculatePricing(tier, prescriptionCount);
  return {
    prescriptionCount,
    totalAmount: pricing.totalAmount,
    pricingBreakdown: { lines: pricing.lines, summary: pricing.summary, interval: pricing.interval },
  };
}
