import { SUBSCRIPTION_STATUSES } from '@rxbridge/contracts';
import { toIsoDate } from './dates';
import {
  addMonths,
  billingPeriod,
  billingPeriodAt,
  billingPeriodKey,
  initialSubscriptionStatus,
  isCancellable,
  isChargeable,
  nextSubscriptionStatus,
  renewsMonthly,
  shouldChargeOnShipment,
} from './index';

describe('subscription status', () => {
  it('waits for a card, then for the first shipment', () => {
    expect(initialSubscriptionStatus('ONGOING_CARE', false)).toBe('PENDING_PAYMENT');
    expect(initialSubscriptionStatus('ONGOING_CARE', true)).toBe('PENDING_CHARGE');
    expect(initialSubscriptionStatus('ENROLLMENT_ONLY', false)).toBe('PENDING_PAYMENT');
  });

  it('never waits for payment on the free DIY plan', () => {
    expect(initialSubscriptionStatus('DIY_INSTRUCTIONS', false)).toBe('ACTIVE');
    expect(isChargeable('DIY_INSTRUCTIONS')).toBe(false);
    expect(shouldChargeOnShipment('PENDING_CHARGE', 'DIY_INSTRUCTIONS')).toBe(false);
  });

  it('follows the life of a paid subscription', () => {
    let status = initialSubscriptionStatus('ONGOING_CARE', false);
    status = nextSubscriptionStatus(status, 'PAYMENT_METHOD_SAVED');
    expect(status).toBe('PENDING_CHARGE');
    status = nextSubscriptionStatus(status, 'CHARGE_FAILED');
    expect(status).toBe('PAST_DUE');
    status = nextSubscriptionStatus(status, 'PAYMENT_METHOD_SAVED');
    expect(status).toBe('PAST_DUE');
    status = nextSubscriptionStatus(status, 'CHARGE_SUCCEEDED');
    expect(status).toBe('ACTIVE');
    status = nextSubscriptionStatus(status, 'CANCELLED');
    expect(status).toBe('CANCELLED');
  });

  it('never revives a cancelled subscription', () => {
    for (const event of ['PAYMENT_METHOD_SAVED', 'CHARGE_SUCCEEDED', 'CHARGE_FAILED', 'CANCELLED'] as const) {
      expect(nextSubscriptionStatus('CANCELLED', event)).toBe('CANCELLED');
    }
  });

  it('lets every status but CANCELLED be cancelled', () => {
    expect(SUBSCRIPTION_STATUSES.filter(isCancellable)).toEqual([
      'PENDING_PAYMENT',
      'PENDING_CHARGE',
      'ACTIVE',
      'PAST_DUE',
      'UNPAID',
    ]);
  });

  it('charges on the first shipment only while the charge is pending', () => {
    expect(SUBSCRIPTION_STATUSES.filter((s) => shouldChargeOnShipment(s, 'ONGOING_CARE'))).toEqual(['PENDING_CHARGE']);
    expect(shouldChargeOnShipment('PENDING_CHARGE', 'ENROLLMENT_ONLY')).toBe(true);
  });

  it('renews monthly only for Ongoing Care', () => {
    expect(renewsMonthly('ONGOING_CARE')).toBe(true);
    expect(renewsMonthly('ENROLLMENT_ONLY')).toBe(false);
    expect(renewsMonthly('DIY_INSTRUCTIONS')).toBe(false);
  });
});

describe('billing periods', () => {
  it.each([
    ['2025-01-15', 1, '2025-02-15'],
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-03-31', 1, '2025-04-30'],
    ['2025-12-31', 2, '2026-02-28'],
    ['2025-11-30', 3, '2026-02-28'],
    ['2025-03-31', -1, '2025-02-28'],
    ['2025-05-10', 0, '2025-05-10'],
  ])('%s + %i months = %s', (start, months, end) => {
    expect(toIsoDate(addMonths(start, months))).toBe(end);
  });

  it('keeps the time of day', () => {
    expect(addMonths(new Date('2025-01-31T10:15:00Z'), 1).toISOString()).toBe('2025-02-28T10:15:00.000Z');
  });

  it('counts periods from the anchor so the day does not drift', () => {
    const third = billingPeriod('2025-01-31', 2);
    expect(toIsoDate(third.start)).toBe('2025-03-31');
    expect(toIsoDate(third.end)).toBe('2025-04-30');
  });

  it.each([
    ['2025-01-31T10:00:00Z', '2025-01-31T10:00:00Z', 0],
    ['2025-01-31T10:00:00Z', '2025-02-28T09:59:59Z', 0],
    ['2025-01-31T10:00:00Z', '2025-02-28T10:00:00Z', 1],
    ['2025-01-31T10:00:00Z', '2025-03-30T23:00:00Z', 1],
    ['2025-01-31T10:00:00Z', '2025-03-31T10:00:00Z', 2],
    ['2025-01-15T00:00:00Z', '2026-01-14T23:59:59Z', 11],
    ['2025-01-15T00:00:00Z', '2026-01-15T00:00:00Z', 12],
    ['2025-01-15T00:00:00Z', '2025-01-01T00:00:00Z', 0],
  ])('from the anchor %s, %s is in period %i', (anchor, at, index) => {
    expect(billingPeriodAt(anchor, at)).toBe(index);
    if (new Date(at) >= new Date(anchor)) {
      const period = billingPeriod(anchor, index);
      expect(period.start.getTime()).toBeLessThanOrEqual(new Date(at).getTime());
      expect(period.end.getTime()).toBeGreaterThan(new Date(at).getTime());
    }
  });

  it('keys a charge by subscription and period', () => {
    expect(billingPeriodKey('sub-1', '2025-02-28')).toBe('subscription:sub-1:period:2025-02-28');
    expect(billingPeriodKey('sub-1', new Date('2025-02-28T23:00:00Z'))).toBe(billingPeriodKey('sub-1', '2025-02-28'));
    expect(billingPeriodKey('sub-1', '2025-02-28')).not.toBe(billingPeriodKey('sub-2', '2025-02-28'));
    expect(() => billingPeriodKey(' ', '2025-02-28')).toThrow(RangeError);
  });
});
