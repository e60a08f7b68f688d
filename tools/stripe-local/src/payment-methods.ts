import type { Expiry, TestCard } from './cards';
import { invalidRequest } from './errors';
import { newId } from './ids';
import { accountSeconds, getObject, type Account } from './state';

// Payment methods are only ever made by the checkout page and read through a setup intent's
// `expand[]=payment_method`, so they have no endpoint of their own.

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  /** Seconds since the epoch, on the account's clock (its `clockOffsetMs` moves it). */
  created: number;
}

/** Saves a test card for a customer; its behaviour decides every later charge. */
export function saveCard(account: Account, card: TestCard, expiry: Expiry, customer: string | null): PaymentMethod {
  const paymentMethod: PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    customer,
    card: { brand: card.brand, last4: card.number.slice(-4), exp_month: expiry.month, exp_year: expiry.year },
    created: accountSeconds(account),
  };
  account.state.paymentMethods[paymentMethod.id] = paymentMethod;
  account.state.cardBehaviours[paymentMethod.id] = card.behaviour;
  return paymentMethod;
}

/** A `payment_method` param that may be charged for `customer`, as Stripe checks it. */
export function requireUsablePaymentMethod(account: Account, id: string, customer: string | null): PaymentMethod {
  const paymentMethod = getObject(account.state.paymentMethods, 'PaymentMethod', id, 'payment_method');
  if (customer && paymentMethod.customer !== customer) {
    throw invalidRequest(
      `The provided PaymentMethod ${id} does not belong to the customer ${customer}.`,
      'payment_method',
    );
  }
  return paymentMethod;
}
