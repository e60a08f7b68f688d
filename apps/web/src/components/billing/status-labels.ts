import type { PaymentStatus } from '@rxbridge/contracts';
import { i18n } from '@/lib/i18n';

// What the patient reads on a billing badge, in the active language (docs/product.md §4): in English the
// status as the server names it. In 'common': the navigator console shows the same badges.

export function subscriptionStatusLabel(status: string): string {
  switch (status) {
    case 'ACTIVE':
      return i18n._('records.subscriptionStatus.active');
    case 'PENDING_CHARGE':
      return i18n._('records.subscriptionStatus.pendingCharge');
    case 'PENDING_PAYMENT':
      return i18n._('records.subscriptionStatus.pendingPayment');
    case 'PAST_DUE':
      return i18n._('records.subscriptionStatus.pastDue');
    case 'CANCELLED':
      return i18n._('records.subscriptionStatus.cancelled');
    case 'UNPAID':
      return i18n._('records.subscriptionStatus.unpaid');
    default:
      return status;
  }
}

export function paymentStatusLabel(status: PaymentStatus): string {
  switch (status) {
    case 'SUCCEEDED':
      return i18n._('records.paymentStatus.succeeded');
    case 'FAILED':
      return i18n._('records.paymentStatus.failed');
    case 'PENDING':
      return i18n._('records.paymentStatus.pending');
    default:
      return status;
  }
}
