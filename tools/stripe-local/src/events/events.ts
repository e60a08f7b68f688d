import { newId } from '../ids';

// The events the product handles: checkout.session.completed, payment_intent.succeeded and
// payment_intent.payment_failed; payment_intent.canceled is sent too (the product records it and changes
// nothing). They are kept for the test controls (list, redeliver).

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  /** A snapshot: the object as it was when the event happened, as Stripe sends it. */
  data: { object: unknown };
}

export function newEvent(type: string, object: unknown): StripeEvent {
  return { id: newId('evt'), object: 'event', type, data: { object: structuredClone(object) } };
}
