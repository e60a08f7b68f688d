import type { PlanTier, SubscriptionStatus } from '@rxbridge/contracts';
import { addMonths, toDate, toIsoDate, type DateInput } from './dates';
import { billingIntervalOf } from './pricing';

// Subscription status rules of docs/product.md §4 Subscriptions. Nothing is charged at signup: a card is saved
// first (PENDING_PAYMENT -> PENDING_CHARGE) and the first charge follows the first scheduled shipment.

export type SubscriptionEvent = 'PAYMENT_METHOD_SAVED' | 'CHARGE_SUCCEEDED' | 'CHARGE_FAILED' | 'CANCELLED';

/** DIY is free: it never charges, so it never waits for a card. */
export function isChargeable(tier: PlanTier): boolean {
  return billingIntervalOf(tier) !== 'none';
}

/** Only Ongoing Care charges again every month; Enrollment Only charges once. */
export function renewsMonthly(tier: PlanTier): boolean {
  return billingIntervalOf(tier) === 'month';
}

/**
 * Whether a subscription charges period `periodIndex` no more: cancelled, or set to end with its paid period and the
 * period one after the paid ones (docs/product.md §4 Cancelling). Its pending payment is let go, never confirmed.
 */
export const chargesNoMore = (
  sub: { status: SubscriptionStatus; cancelAtPeriodEnd: boolean; periodsCharged: number },
  periodIndex: number,
): boolean => sub.status === 'CANCELLED' || (sub.cancelAtPeriodEnd && periodIndex >= sub.periodsCharged);

export function initialSubscriptionStatus(tier: PlanTier, hasPaymentMethod: boolean): SubscriptionStatus {
  if (!isChargeable(tier)) return 'ACTIVE';
  return hasPaymentMethod ? 'PENDING_CHARGE' : 'PENDING_PAYMENT';
}

/**
 * The status after `event`. A cancelled subscription stays cancelled, so a late or duplicated
 * webhook can never revive it.
 */
export function nextSubscriptionStatus(status: SubscriptionStatus, event: SubscriptionEvent): SubscriptionStatus {
  if (status === 'CANCELLED') return status;
  switch (event) {
    case 'CANCELLED':
      return 'CANCELLED';
    case 'PAYMENT_METHOD_SAVED':
      return status === 'PENDING_PAYMENT' ? 'PENDING_CHARGE' : status;
    case 'CHARGE_SUCCEEDED':
      return 'ACTIVE';
    case 'CHARGE_FAILED':
      return 'PAST_DUE';
  }
}

export function isCancellable(status: SubscriptionStatus): boolean {
  return status !== 'CANCELLED';
}

/** The first charge happens when the first shipment of an approved application is scheduled. */
export function shouldChargeOnShipment(status: SubscriptionStatus, tier: PlanTier): boolean {
  return isChargeable(tier) && status === 'PENDING_CHARGE';
}

/**
 * Billing period `index` (0 = first) counted from the anchor date. Always counted from the anchor,
 * never from the previous period's end, so Jan 31 -> Feb 28 -> Mar 31 instead of drifting to the 28th.
 */
export function billingPeriod(anchor: DateInput, index: number): { start: Date; end: Date } {
  return { start: addMonths(anchor, index), end: addMonths(anchor, index + 1) };
}

/**
 * The index of the billing period that contains `at` (0 before the anchor), counted from the anchor as
 * billingPeriod counts: a renewal charges this one period, never the ones missed before it.
 */
export function billingPeriodAt(anchor: DateInput, at: DateInput): number {
  const start = toDate(anchor);
  const when = toDate(at);
  // The months between the two calendar months, less one when `at` falls before that month's billing day.
  const months = (when.getUTCFullYear() - start.getUTCFullYear()) * 12 + when.getUTCMonth() - start.getUTCMonth();
  const index = addMonths(start, months) > when ? months - 1 : months;
  return Math.max(index, 0);
}

/**
 * The idempotency key of the one charge a subscription may have per billing period; used as the
 * Stripe Idempotency-Key and as the unique key of the payments row.
 */
export function billingPeriodKey(subscriptionId: string, periodStart: DateInput): string {
  if (!subscriptionId.trim()) throw new RangeError('Subscription id is required for a billing period key.');
  return `subscription:${subscriptionId}:period:${toIsoDate(periodStart)}`;
}
