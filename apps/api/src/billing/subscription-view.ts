import type { Subscription } from '@rxbridge/database';
import { paymentDescriptionIn, paymentFailureIn, type PaymentRow } from '@rxbridge/billing';
import type { Language, PaymentView, SubscriptionView } from '@rxbridge/contracts';
import { billingIntervalOf, calculatePricing } from '@rxbridge/domain';

/**
 * The stored breakdown (written in English when the subscription was priced) in the reader's language
 * (docs/product.md §20 Languages): the same rule words it again for the plan and count. A breakdown
 * priced under another rule than today's keeps its own words, so its amounts never change.
 */
function breakdownIn(s: Subscription, language: Language): Subscription['pricingBreakdown'] {
  if (language === 'en' || !s.pricingBreakdown) return s.pricingBreakdown;
  const pricing = calculatePricing(s.tier, s.prescriptionCount, language);
  if (pricing.totalAmount !== s.totalAmount) return s.pricingBreakdown;
  return { lines: pricing.lines, summary: pricing.summary, interval: pricing.interval };
}

/** The subscription as the billing dialog shows it (docs/product.md §4 Subscriptions), in the reader's language. */
export function toSubscriptionView(s: Subscription, language: Language = 'en'): SubscriptionView {
  return {
    id: s.id,
    tier: s.tier,
    status: s.status,
    prescriptionCount: s.prescriptionCount,
    totalAmount: s.totalAmount,
    interval: billingIntervalOf(s.tier),
    currentPeriodStart: s.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    cancelledAt: s.cancelledAt?.toISOString() ?? null,
    paymentMethod: s.cardLast4 ? { brand: s.cardBrand, last4: s.cardLast4 } : null,
    metadata: { pricingBreakdown: breakdownIn(s, language) },
    createdAt: s.createdAt.toISOString(),
  };
}

export function toPaymentView(p: PaymentRow, language: Language = 'en'): PaymentView {
  return {
    id: p.id,
    subscriptionId: p.subscriptionId,
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    description: paymentDescriptionIn(p.description, language),
    failureMessage: p.failureMessage && paymentFailureIn(p.failureMessage, language),
    createdAt: p.createdAt.toISOString(),
  };
}
