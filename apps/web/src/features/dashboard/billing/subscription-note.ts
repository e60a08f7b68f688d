import { i18n } from '@/lib/i18n';

// What each status means for the patient, under the badge (docs/product.md); other values have none.
export function subscriptionNote(status: string): string | undefined {
  switch (status) {
    case 'ACTIVE':
      return i18n._('dashboard.billing.note.active');
    case 'PENDING_CHARGE':
      return i18n._('dashboard.billing.note.pendingCharge');
    case 'PENDING_PAYMENT':
      return i18n._('dashboard.billing.note.pendingPayment');
    case 'PAST_DUE':
      return i18n._('dashboard.billing.note.pastDue');
    case 'CANCELLED':
      return i18n._('dashboard.billing.note.cancelled');
    case 'UNPAID':
      return i18n._('dashboard.billing.note.unpaid');
    default:
      return undefined;
  }
}
