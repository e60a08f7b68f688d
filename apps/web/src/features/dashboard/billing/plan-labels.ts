import type { Plan } from '@rxbridge/domain';
import { formatCents } from '@/lib/format';
import { i18n } from '@/lib/i18n';

/** A plan's name: the same in every language (docs/spanish-glossary.md, plan names). */
export function planName(tier: Plan['tier']): string {
  switch (tier) {
    case 'ONGOING_CARE':
      return i18n._('records.plan.ongoingCare');
    case 'ENROLLMENT_ONLY':
      return i18n._('records.plan.enrollmentOnly');
    case 'DIY_INSTRUCTIONS':
      return i18n._('records.plan.diy');
    default:
      return tier;
  }
}

/** "$49.00/mo", "$100.00 one-time": libs/domain's formatPrice in the active language. */
export function priceWithInterval(cents: number, interval: Plan['interval']): string {
  const amount = formatCents(cents);
  if (interval === 'month') return i18n._('records.price.monthly', { amount });
  if (interval === 'one_time') return i18n._('records.price.oneTime', { amount });
  return amount;
}
