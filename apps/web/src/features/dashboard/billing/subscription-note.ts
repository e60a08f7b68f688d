// What each status means for the patient, under the badge (docs/product.md); other values have none.
const NOTES: Record<string, string> = {
  ACTIVE: 'Your subscription is active. Your care navigator is working on your medications.',
  PENDING_CHARGE:
    'Your card is saved. You will be charged once your application is approved and your first shipment is scheduled.',
  PENDING_PAYMENT: 'Add a payment method to finish setting up. Nothing is charged today.',
  PAST_DUE: 'Your last payment did not go through. Please update your payment method.',
  CANCELLED: 'This subscription has been cancelled.',
  UNPAID: 'This subscription is unpaid. Please update your payment method or contact support.',
};

export const subscriptionNote = (status: string): string | undefined => NOTES[status];
