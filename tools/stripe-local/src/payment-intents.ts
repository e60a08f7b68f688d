import { requireCustomer } from './customers';
import { invalidRequest, StripeApiError } from './errors';
import { newId } from './ids';
import { metadataOf, optionalBoolean, optionalString, requiredInteger, requiredString, type Metadata } from './params';
import { requireUsablePaymentMethod, type PaymentMethod } from './payment-methods';
import { route, type Route } from './router';
import { getObject, type Account } from './state';

// Off-session charges of a saved card. Created confirmed in one call (confirm=true), or created
// unconfirmed and confirmed later: with an idempotency key on each call, a retry can find the
// intent again (retrieve) and confirm it without a second charge.

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  description: string | null;
  metadata: Metadata;
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded';
  last_payment_error: {
    type: 'card_error';
    code: string;
    decline_code: string;
    message: string;
    /** The card that was declined: Stripe detaches it from the intent and keeps it here. */
    payment_method: PaymentMethod;
  } | null;
}

const MINIMUM_AMOUNT_CENTS = 50;
const DECLINED = 'Your card was declined.';

function unexpectedState(intent: PaymentIntent, message: string, param?: string): StripeApiError {
  // Stripe puts the intent in this error too, so a caller can see why it cannot be confirmed.
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message,
    param,
    payment_intent: structuredClone(intent),
  });
}

/** Charges the card: the intent succeeds, or Stripe's 402 card error is thrown after it is stored. */
function confirm(account: Account, intent: PaymentIntent): PaymentIntent {
  if (!intent.payment_method) {
    throw unexpectedState(
      intent,
      "You cannot confirm this PaymentIntent because it's missing a payment method.",
      'payment_method',
    );
  }
  if (account.state.cardBehaviours[intent.payment_method] === 'succeeds') {
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    account.emit('payment_intent.succeeded', intent);
    return intent;
  }
  const error = {
    type: 'card_error' as const,
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: DECLINED,
  };
  intent.status = 'requires_payment_method';
  intent.last_payment_error = {
    ...error,
    payment_method: structuredClone(account.state.paymentMethods[intent.payment_method]),
  };
  // As Stripe: a declined intent has no payment method until the next confirm brings one.
  intent.payment_method = null;
  account.emit('payment_intent.payment_failed', intent);
  throw new StripeApiError(402, { ...error, payment_intent: structuredClone(intent) });
}

export function paymentIntentRoutes(account: Account): Route[] {
  const get = (id: string) => getObject(account.state.paymentIntents, 'payment_intent', id);
  return [
    route('POST', '/v1/payment_intents', (params) => {
      const amount = requiredInteger(params, 'amount');
      const currency = requiredString(params, 'currency').toLowerCase();
      if (amount < MINIMUM_AMOUNT_CENTS) {
        throw invalidRequest(`Amount must be at least $0.50 ${currency}`, 'amount', 'amount_too_small');
      }
      const customer = optionalString(params, 'customer') || null;
      if (customer) requireCustomer(account, customer);
      const paymentMethod = optionalString(params, 'payment_method') || null;
      if (paymentMethod) requireUsablePaymentMethod(account, paymentMethod, customer);
      const confirmNow = optionalBoolean(params, 'confirm') ?? false;
      // As Stripe: off_session belongs to the call that confirms.
      if (params.off_session !== undefined && !confirmNow) {
        throw invalidRequest('You can only pass in off_session when confirm is set to true.', 'off_session');
      }
      if (confirmNow && !paymentMethod) {
        throw invalidRequest('A payment_method is required to confirm this PaymentIntent.', 'payment_method');
      }
      const intent: PaymentIntent = {
        id: newId('pi'),
        object: 'payment_intent',
        amount,
        currency,
        customer,
        payment_method: paymentMethod,
        description: optionalString(params, 'description') || null,
        metadata: metadataOf(params),
        status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
        last_payment_error: null,
      };
      account.state.paymentIntents[intent.id] = intent;
      return confirmNow ? confirm(account, intent) : intent;
    }),
    route('GET', '/v1/payment_intents/:id', (_, [id]) => get(id)),
    route('POST', '/v1/payment_intents/:id/confirm', (params, [id]) => {
      const intent = get(id);
      if (intent.status === 'succeeded') {
        throw unexpectedState(
          intent,
          'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        );
      }
      const paymentMethod = optionalString(params, 'payment_method');
      if (paymentMethod) {
        requireUsablePaymentMethod(account, paymentMethod, intent.customer);
        intent.payment_method = paymentMethod;
      }
      return confirm(account, intent);
    }),
  ];
}
