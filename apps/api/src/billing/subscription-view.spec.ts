import type { Subscription } from '@rxbridge/database';
import { pricingFor } from '@rxbridge/billing';
import { calculatePricing } from '@rxbridge/domain';
import { toSubscriptionView } from './subscription-view';

// The breakdown a subscription was priced with, in the reader's language (docs/product.md §20 Languages).
const subscription = (prescriptions: number): Subscription =>
  ({
    id: 'f1b7c1c4-5a4e-4a39-9d7f-2f1f5d0b9e10',
    userId: '0c2a3f64-8b3e-4a53-9a55-6b1e1b8f2d21',
    tier: 'ONGOING_CARE',
    status: 'PENDING_PAYMENT',
    ...pricingFor('ONGOING_CARE', prescriptions),
    currentPeriodStart: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    cancelledAt: null,
    cardLast4: null,
    cardBrand: null,
    createdAt: new Date('2026-12-01T10:00:00Z'),
  }) as Subscription;

describe('toSubscriptionView', () => {
  it('answers the stored breakdown in English and words it again in Spanish, amounts unchanged', () => {
    const s = subscription(3);
    expect(toSubscriptionView(s).metadata.pricingBreakdown).toEqual(s.pricingBreakdown);
    const spanish = toSubscriptionView(s, 'es').metadata.pricingBreakdown!;
    expect(spanish.summary).toEqual(calculatePricing('ONGOING_CARE', 3, 'es').summary);
    expect(spanish.lines.map((l) => [l.quantity, l.amount])).toEqual(
      s.pricingBreakdown.lines.map((l) => [l.quantity, l.amount]),
    );
  });

  it('keeps the words of a breakdown priced under another rule, so its amounts never change', () => {
    const s = { ...subscription(3), totalAmount: 6900 };
    expect(toSubscriptionView(s, 'es').metadata.pricingBreakdown).toEqual(s.pricingBreakdown);
  });
});
