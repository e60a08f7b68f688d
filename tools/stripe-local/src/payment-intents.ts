import { requireCustomer } from './customers';
import { invalidRequest, StripeApiError } from './errors';
import { newId } from './ids';
import { metadataOf, optionalBoolean, optionalString, requiredInteger, requiredString, type Metadata } from './params';
import { requireUsablePaymentMethod, type PaymentMethod } from './payment-methods';
import { route, type Route } from './router';
import { accountSeconds, getObject, type Account } from './state';

// Off-session charges of a saved card. Created confirmed in one call (confirm=true), or created
// unconfirmed and confirmed later: with an idempotency key on each call, a retry can find the
// intent again (retrieve) and confirm it without a second charge. An intent not yet succeeded can be
// cancelled; a canceled intent never charges: a later confirm is refused.

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  description: string | null;
  metadata: Metadata;
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';
  /** Seconds since the epoch, on the account's clock; null until cancelled. */
  canceled_at: number | null;
  cancellation_reason: CancellationReason | null;
  last_payment_error: {
    type: 'card_error';
    code: string;
    decline_code: string;
    message: string;
    /** The card that was declined: Stripe detaches it from the intent and keeps it here. */
    payment_method: PaymentMethod;
  } | null;
}

/** The reasons a caller may give (Stripe sets others itself, none of which happen here). */
const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const;
type CancellationReason = (typeof CANCELLATION_REASONS)[number];
const isCancellationReason = (value: string): value is CancellationReason =>
  (CANCELLATION_REASONS as readonly string[]).includes(value);

/** As Stripe: an intent in any other status (succeeded, canceled) cannot be cancelled. */
const CANCELABLE: readonly string[] = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];

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
        canceled_at: null,
        cancellation_reason: null,
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
      if (intent.status === 'canceled') {
        throw unexpectedState(
          intent,
          'You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.',
        );
      }
      const paymentMethod = optionalString(params, 'payment_method');
      if (paymentMethod) {
        requireUsablePaymentMethod(account, paymentMethod, intent.customer);
        intent.payment_method = paymentMethod;
      }
      return confirm(account, intent);
    }),
    route('POST', '/v1/payment_intents/:id/cancel', (params, [id]) => {
      const intent = get(id);
      const reason = optionalString(params, 'cancellation_reason') || null;
      if (reason !== null && !isCancellationReason(reason)) {
        throw invalidRequest(
          `Invalid cancellation_reason: must be one of ${CANCELLATION_REASONS.join(', ')}`,
          'cancellation_reason',
        );
      }
      if (!CANCELABLE.includes(intent.status)) {
        throw unexpectedState(
          intent,
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
        );
      }
      intent.status = 'canceled';
      intent.canceled_at = accountSeconds(account);
      intent.cancellation_reason = reason;
      account.emit('payment_intent.canceled', intent);
      return intent;
    }),
  ];
}
