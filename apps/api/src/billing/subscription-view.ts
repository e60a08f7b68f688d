import type { Subscription } from '@rxbridge/database';
import type { PaymentRow } from '@rxbridge/billing';
import type { PaymentView, SubscriptionView } from '@rxbridge/contracts';
import { billingIntervalOf } from '@rxbridge/domain';

/** The subscription as the billing dialog shows it (docs/product.md §4 Subscriptions). */
export function toSubscriptionView(s: Subscription): SubscriptionView {
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
    metadata: { pricingBreakdown: s.pricingBreakdown },
    createdAt: s.createdAt.toISOString(),
  };
}

export function toPaymentView(p: PaymentRow): PaymentView {
  return {
    id: p.id,
    subscriptionId: p.subscriptionId,
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    description: p.description,
    failureMessage: p.failureMessage,
    createdAt: p.createdAt.toISOString(),
  };
}
