import { createHash } from 'node:crypto';
import { findTestCard, parseExpiry } from './cards';
import { invalidRequest, noSuch, StripeApiError } from './errors';
import type { FormParams } from './form';
import { clientSecret, newId, nowSeconds } from './ids';
import { newestFirst, paginate } from './listing';
import type {
  Charge,
  CheckoutSession,
  Customer,
  PaymentIntent,
  PaymentMethod,
  Refund,
  SetupIntent,
  StripeEvent,
  StripeList,
  StripeObject,
} from './objects';
import {
  mergeMetadata,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  requiredInteger,
  requiredString,
  stringList,
} from './params';
import { emptyState, type LocalState } from './state';

export interface AccountOptions {
  /** Base of the checkout page links handed out in session.url. */
  checkoutBaseUrl: () => string;
  apiVersion: string;
  /** Called with every new event, after the change that caused it is stored. */
  onEvent: (event: StripeEvent) => void;
}

/** What the hosted checkout form sends. */
export interface CardForm {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CheckoutResult =
  { completed: true; redirectUrl: string } | { completed: false; message: string; status: number };

const CHECKOUT_LIFETIME_SECONDS = 24 * 60 * 60;
const MINIMUM_CHARGE_CENTS = 50;
const DECLINED_MESSAGE = 'Your card was declined.';

const ID_PREFIXES: ReadonlyArray<[string, keyof LocalState]> = [
  ['cus_', 'customers'],
  ['cs_', 'checkoutSessions'],
  ['seti_', 'setupIntents'],
  ['pm_', 'paymentMethods'],
  ['pi_', 'paymentIntents'],
  ['ch_', 'charges'],
  ['re_', 'refunds'],
  ['evt_', 'events'],
];

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function nullable(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

/**
 * One Stripe test-mode account: its objects and the operations of the API on them. Pure state
 * changes; HTTP, persistence and webhook delivery live elsewhere.
 */
export class LocalAccount {
  constructor(
    public state: LocalState,
    private readonly options: AccountOptions,
  ) {}

  reset(): void {
    this.state = emptyState();
  }

  /** Any object by id, for `expand[]` and the /_local controls. */
  find(id: string): StripeObject | StripeEvent | undefined {
    const match = ID_PREFIXES.find(([prefix]) => id.startsWith(prefix));
    if (!match) return undefined;
    const collection = this.state[match[1]] as Record<string, StripeObject | StripeEvent>;
    return Object.prototype.hasOwnProperty.call(collection, id) ? collection[id] : undefined;
  }

  private get<T>(collection: Record<string, T>, resource: string, id: string, param = 'id'): T {
    const found = Object.prototype.hasOwnProperty.call(collection, id) ? collection[id] : undefined;
    if (!found) throw noSuch(resource, id, param);
    return found;
  }

  private emit(type: string, object: StripeObject): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: this.options.apiVersion,
      created: nowSeconds(),
      // A snapshot: the event shows the object as it was when the event happened.
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.state.events[event.id] = event;
    this.options.onEvent(event);
    return event;
  }

  // ---- Customers ----

  createCustomer(params: FormParams): Customer {
    const id = newId('cus', 14);
    const customer: Customer = {
      id,
      object: 'customer',
      address: null,
      balance: 0,
      created: nowSeconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: nullable(optionalString(params, 'description')),
      email: nullable(optionalString(params, 'email')),
      invoice_prefix: id.slice(4, 12).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: mergeMetadata({}, params),
      name: nullable(optionalString(params, 'name')),
      phone: nullable(optionalString(params, 'phone')),
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    this.applyDefaultPaymentMethod(customer, params);
    this.state.customers[id] = customer;
    return customer;
  }

  retrieveCustomer(id: string): Customer {
    return this.get(this.state.customers, 'customer', id);
  }

  updateCustomer(id: string, params: FormParams): Customer {
    const customer = this.retrieveCustomer(id);
    for (const field of ['email', 'name', 'phone', 'description'] as const) {
      const value = optionalString(params, field);
      if (value !== undefined) customer[field] = nullable(value);
    }
    customer.metadata = mergeMetadata(customer.metadata, params);
    this.applyDefaultPaymentMethod(customer, params);
    return customer;
  }

  private applyDefaultPaymentMethod(customer: Customer, params: FormParams): void {
    const settings = optionalObject(params, 'invoice_settings');
    const paymentMethodId = settings && settings.default_payment_method;
    if (paymentMethodId === undefined) return;
    const param = 'invoice_settings[default_payment_method]';
    if (typeof paymentMethodId !== 'string') throw invalidRequest('Invalid string: default_payment_method', param);
    if (paymentMethodId === '') {
      customer.invoice_settings.default_payment_method = null;
      return;
    }
    const paymentMethod = this.get(this.state.paymentMethods, 'PaymentMethod', paymentMethodId, param);
    if (paymentMethod.customer !== customer.id) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${paymentMethodId}. The payment method must be attached to the customer.`,
        param,
        'resource_missing',
      );
    }
    customer.invoice_settings.default_payment_method = paymentMethodId;
  }

  // ---- Checkout sessions (setup mode) ----

  createCheckoutSession(params: FormParams): CheckoutSession {
    const mode = requiredString(params, 'mode');
    if (mode !== 'setup') {
      throw invalidRequest(`stripe-local supports Checkout in setup mode only, not mode=${mode}.`, 'mode');
    }
    const successUrl = requiredString(params, 'success_url');
    if (!isHttpUrl(successUrl)) throw invalidRequest('Not a valid URL', 'success_url', 'url_invalid');
    const cancelUrl = optionalString(params, 'cancel_url');
    if (cancelUrl !== undefined && !isHttpUrl(cancelUrl))
      throw invalidRequest('Not a valid URL', 'cancel_url', 'url_invalid');
    const customerId = optionalString(params, 'customer');
    if (customerId) this.get(this.state.customers, 'customer', customerId, 'customer');
    const paymentMethodTypes = stringList(params, 'payment_method_types');
    const unsupported = paymentMethodTypes.find((type) => type !== 'card');
    if (unsupported)
      throw invalidRequest(
        `stripe-local supports card payment methods only, not ${unsupported}.`,
        'payment_method_types',
      );

    const id = newId('cs_test', 58);
    const created = nowSeconds();
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      cancel_url: nullable(cancelUrl),
      client_reference_id: nullable(optionalString(params, 'client_reference_id')),
      created,
      currency: nullable(optionalString(params, 'currency')?.toLowerCase()),
      customer: customerId ?? null,
      customer_details: null,
      customer_email: nullable(optionalString(params, 'customer_email')),
      expires_at: created + CHECKOUT_LIFETIME_SECONDS,
      livemode: false,
      metadata: mergeMetadata({}, params),
      mode: 'setup',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'no_payment_required',
      setup_intent: null,
      status: 'open',
      success_url: successUrl,
      ui_mode: 'hosted',
      url: `${this.options.checkoutBaseUrl()}/checkout/${id}`,
    };
    const setupIntentData = optionalObject(params, 'setup_intent_data') ?? {};
    this.state.checkoutSetupIntentData[id] = {
      description: nullable(optionalString(setupIntentData, 'description')),
      metadata: mergeMetadata({}, setupIntentData),
    };
    this.state.checkoutSessions[id] = session;
    return session;
  }

  retrieveCheckoutSession(id: string): CheckoutSession {
    const session = this.get(this.state.checkoutSessions, 'checkout.session', id);
    if (session.status === 'open' && session.expires_at <= nowSeconds()) this.expire(session);
    return session;
  }

  expireCheckoutSession(id: string): CheckoutSession {
    const session = this.retrieveCheckoutSession(id);
    if (session.status !== 'open') {
      throw invalidRequest(
        `Only Checkout Sessions with a status in ["open"] can be expired. This session has status "${session.status}".`,
        undefined,
        'checkout_session_unexpected_state',
      );
    }
    this.expire(session);
    return session;
  }

  private expire(session: CheckoutSession): void {
    session.status = 'expired';
    session.url = null;
  }

  /** The hosted page's submit: saves the card or says why not (the session stays open then). */
  completeCheckout(id: string, form: CardForm): CheckoutResult {
    const session = this.retrieveCheckoutSession(id);
    if (session.status !== 'open') {
      return {
        completed: false,
        status: 409,
        message: `This checkout session is ${session.status === 'complete' ? 'already complete' : 'expired'}.`,
      };
    }
    const card = findTestCard(form.cardNumber);
    if (!card) return { completed: false, status: 400, message: 'Your card number is invalid.' };
    const expiry = parseExpiry(form.expiry);
    if ('error' in expiry) return { completed: false, status: 400, message: expiry.error };
    if (form.cvc.trim() && !/^\d{3,4}$/.test(form.cvc.trim())) {
      return { completed: false, status: 400, message: 'Your card’s security code is invalid.' };
    }
    if (card.behaviour === 'declines') return { completed: false, status: 402, message: DECLINED_MESSAGE };

    const created = nowSeconds();
    const paymentMethod: PaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: { address: null, email: session.customer_email, name: nullable(form.name.trim()), phone: null },
      card: {
        brand: card.brand,
        checks: {
          address_line1_check: null,
          address_postal_code_check: null,
          cvc_check: form.cvc.trim() ? 'pass' : null,
        },
        country: 'US',
        display_brand: card.brand,
        exp_month: expiry.month,
        exp_year: expiry.year,
        // Same number -> same fingerprint, as in Stripe, so duplicate cards can be spotted.
        fingerprint: createHash('sha256').update(card.number).digest('base64url').slice(0, 16),
        funding: 'credit',
        last4: card.number.slice(-4),
        networks: { available: [card.brand], preferred: null },
        wallet: null,
      },
      created,
      customer: session.customer,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    this.state.paymentMethods[paymentMethod.id] = paymentMethod;
    this.state.cardBehaviours[paymentMethod.id] = card.behaviour;

    const setupIntentData = this.state.checkoutSetupIntentData[id] ?? { description: null, metadata: {} };
    const setupIntent: SetupIntent = {
      id: newId('seti'),
      object: 'setup_intent',
      cancellation_reason: null,
      client_secret: '',
      created,
      customer: session.customer,
      description: setupIntentData.description,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      metadata: setupIntentData.metadata,
      next_action: null,
      payment_method: paymentMethod.id,
      payment_method_types: ['card'],
      status: 'succeeded',
      usage: 'off_session',
    };
    setupIntent.client_secret = clientSecret(setupIntent.id);
    this.state.setupIntents[setupIntent.id] = setupIntent;

    session.status = 'complete';
    session.setup_intent = setupIntent.id;
    session.url = null;
    session.customer_details = { email: session.customer_email, name: paymentMethod.billing_details.name };
    delete this.state.checkoutSetupIntentData[id];

    this.emit('setup_intent.succeeded', setupIntent);
    this.emit('checkout.session.completed', session);
    return { completed: true, redirectUrl: session.success_url.replace(/\{CHECKOUT_SESSION_ID\}/g, session.id) };
  }

  // ---- Setup intents and payment methods ----

  retrieveSetupIntent(id: string): SetupIntent {
    return this.get(this.state.setupIntents, 'setupintent', id);
  }

  retrievePaymentMethod(id: string): PaymentMethod {
    return this.get(this.state.paymentMethods, 'PaymentMethod', id);
  }

  listPaymentMethods(params: FormParams, customerId = optionalString(params, 'customer')): StripeList<PaymentMethod> {
    if (customerId) this.get(this.state.customers, 'customer', customerId, 'customer');
    const type = optionalString(params, 'type');
    if (type && type !== 'card')
      throw invalidRequest(`Invalid type: must be one of card (stripe-local knows cards only).`, 'type');
    const methods = Object.values(this.state.paymentMethods).filter((pm) => !customerId || pm.customer === customerId);
    const url = customerId ? `/v1/customers/${customerId}/payment_methods` : '/v1/payment_methods';
    return paginate(newestFirst(methods), params, url);
  }

  attachPaymentMethod(id: string, params: FormParams): PaymentMethod {
    const paymentMethod = this.retrievePaymentMethod(id);
    const customerId = requiredString(params, 'customer');
    this.get(this.state.customers, 'customer', customerId, 'customer');
    if (paymentMethod.customer && paymentMethod.customer !== customerId) {
      throw invalidRequest(
        'The payment method you provided has already been attached to a customer.',
        undefined,
        'payment_method_unexpected_state',
      );
    }
    paymentMethod.customer = customerId;
    return paymentMethod;
  }

  detachPaymentMethod(id: string): PaymentMethod {
    const paymentMethod = this.retrievePaymentMethod(id);
    if (!paymentMethod.customer) {
      throw invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        undefined,
        'payment_method_unexpected_state',
      );
    }
    const customer = this.state.customers[paymentMethod.customer];
    if (customer?.invoice_settings.default_payment_method === id)
      customer.invoice_settings.default_payment_method = null;
    paymentMethod.customer = null;
    return paymentMethod;
  }

  // ---- Payment intents and charges ----

  createPaymentIntent(params: FormParams): PaymentIntent {
    const amount = requiredInteger(params, 'amount');
    const currency = requiredString(params, 'currency').toLowerCase();
    if (amount < MINIMUM_CHARGE_CENTS) {
      throw invalidRequest(`Amount must be at least $0.50 ${currency}`, 'amount', 'amount_too_small');
    }
    const customerId = optionalString(params, 'customer');
    if (customerId) this.get(this.state.customers, 'customer', customerId, 'customer');
    const paymentMethodId = optionalString(params, 'payment_method');
    if (paymentMethodId) this.checkPaymentMethodUsable(paymentMethodId, customerId ?? null);
    const confirm = optionalBoolean(params, 'confirm') ?? false;
    if (params.off_session !== undefined && !confirm) {
      throw invalidRequest('You can only pass in off_session when confirm is set to true.', 'off_session');
    }

    const intent: PaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: '',
      confirmation_method: 'automatic',
      created: nowSeconds(),
      currency,
      customer: customerId ?? null,
      description: nullable(optionalString(params, 'description')),
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: mergeMetadata({}, params),
      next_action: null,
      payment_method: paymentMethodId ?? null,
      payment_method_types: ['card'],
      receipt_email: nullable(optionalString(params, 'receipt_email')),
      setup_future_usage: null,
      statement_descriptor: nullable(optionalString(params, 'statement_descriptor')),
      status: paymentMethodId ? 'requires_confirmation' : 'requires_payment_method',
    };
    intent.client_secret = clientSecret(intent.id);
    this.state.paymentIntents[intent.id] = intent;
    return confirm ? this.charge(intent) : intent;
  }

  confirmPaymentIntent(id: string, params: FormParams): PaymentIntent {
    const intent = this.retrievePaymentIntent(id);
    const paymentMethodId = optionalString(params, 'payment_method');
    if (paymentMethodId) {
      this.checkPaymentMethodUsable(paymentMethodId, intent.customer);
      intent.payment_method = paymentMethodId;
    }
    return this.charge(intent);
  }

  private checkPaymentMethodUsable(paymentMethodId: string, customerId: string | null): void {
    const paymentMethod = this.get(this.state.paymentMethods, 'PaymentMethod', paymentMethodId, 'payment_method');
    if (customerId && paymentMethod.customer !== customerId) {
      throw invalidRequest(
        `The provided PaymentMethod ${paymentMethodId} does not belong to the customer ${customerId}.`,
        'payment_method',
      );
    }
  }

  /** Confirms: charges the card and either succeeds or throws the 402 card error Stripe sends. */
  private charge(intent: PaymentIntent): PaymentIntent {
    if (intent.status !== 'requires_confirmation' && intent.status !== 'requires_payment_method') {
      throw invalidRequest(
        `This PaymentIntent's status is ${intent.status}, so it cannot be confirmed.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    if (!intent.payment_method) {
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
        'payment_method',
        'payment_intent_unexpected_state',
      );
    }
    const paymentMethod = this.retrievePaymentMethod(intent.payment_method);
    const declined = this.state.cardBehaviours[paymentMethod.id] !== 'succeeds';
    const { brand, country, display_brand, exp_month, exp_year, fingerprint, funding, last4 } = paymentMethod.card;
    const charge: Charge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: declined ? 0 : intent.amount,
      amount_refunded: 0,
      balance_transaction: null,
      captured: !declined,
      created: nowSeconds(),
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      disputed: false,
      failure_code: declined ? 'card_declined' : null,
      failure_message: declined ? DECLINED_MESSAGE : null,
      livemode: false,
      metadata: { ...intent.metadata },
      outcome: declined
        ? {
            network_status: 'declined_by_network',
            reason: 'generic_decline',
            risk_level: 'normal',
            seller_message: 'The bank did not return any further details with this decline.',
            type: 'issuer_declined',
          }
        : {
            network_status: 'approved_by_network',
            reason: null,
            risk_level: 'normal',
            seller_message: 'Payment complete.',
            type: 'authorized',
          },
      paid: !declined,
      payment_intent: intent.id,
      payment_method: paymentMethod.id,
      payment_method_details: {
        type: 'card',
        card: { brand, country, display_brand, exp_month, exp_year, fingerprint, funding, last4 },
      },
      receipt_url: null,
      refunded: false,
      status: declined ? 'failed' : 'succeeded',
    };
    this.state.charges[charge.id] = charge;
    intent.latest_charge = charge.id;

    if (!declined) {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.last_payment_error = null;
      this.emit('payment_intent.succeeded', intent);
      return intent;
    }

    const error = {
      type: 'card_error' as const,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: DECLINED_MESSAGE,
      charge: charge.id,
      payment_method: structuredClone(paymentMethod),
    };
    intent.status = 'requires_payment_method';
    intent.last_payment_error = error;
    this.emit('payment_intent.payment_failed', intent);
    throw new StripeApiError(402, {
      ...error,
      doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      payment_intent: structuredClone(intent),
    });
  }

  retrievePaymentIntent(id: string): PaymentIntent {
    return this.get(this.state.paymentIntents, 'payment_intent', id);
  }

  listPaymentIntents(params: FormParams): StripeList<PaymentIntent> {
    const customerId = optionalString(params, 'customer');
    const intents = Object.values(this.state.paymentIntents).filter((pi) => !customerId || pi.customer === customerId);
    return paginate(newestFirst(intents), params, '/v1/payment_intents');
  }

  retrieveCharge(id: string): Charge {
    return this.get(this.state.charges, 'charge', id);
  }

  // ---- Refunds ----

  createRefund(params: FormParams): Refund {
    const paymentIntentId = optionalString(params, 'payment_intent');
    const chargeId = optionalString(params, 'charge');
    if (!paymentIntentId && !chargeId) {
      throw invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
        undefined,
        'parameter_missing',
      );
    }
    const charge = chargeId
      ? this.get(this.state.charges, 'charge', chargeId, 'charge')
      : this.refundableChargeOf(
          this.get(this.state.paymentIntents, 'payment_intent', paymentIntentId!, 'payment_intent'),
        );
    if (charge.status !== 'succeeded') {
      throw invalidRequest(
        `Charge ${charge.id} did not succeed, so there is nothing to refund.`,
        undefined,
        'charge_not_refundable',
      );
    }
    const refundable = charge.amount - charge.amount_refunded;
    if (refundable === 0) {
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
    }
    const amount = optionalInteger(params, 'amount') ?? refundable;
    if (amount <= 0) throw invalidRequest('Refund amount must be a positive integer.', 'amount');
    if (amount > refundable) {
      const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
      throw invalidRequest(
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(refundable)})`,
        'amount',
        'amount_too_large',
      );
    }

    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: charge.id,
      created: nowSeconds(),
      currency: charge.currency,
      metadata: mergeMetadata({}, params),
      payment_intent: charge.payment_intent,
      reason: nullable(optionalString(params, 'reason')),
      receipt_number: null,
      status: 'succeeded',
    };
    this.state.refunds[refund.id] = refund;
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.emit('charge.refunded', charge);
    return refund;
  }

  private refundableChargeOf(intent: PaymentIntent): Charge {
    if (intent.status !== 'succeeded' || !intent.latest_charge) {
      throw invalidRequest(
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        'payment_intent',
        'charge_not_refundable',
      );
    }
    return this.retrieveCharge(intent.latest_charge);
  }

  retrieveRefund(id: string): Refund {
    return this.get(this.state.refunds, 'refund', id);
  }

  listRefunds(params: FormParams): StripeList<Refund> {
    const paymentIntentId = optionalString(params, 'payment_intent');
    const refunds = Object.values(this.state.refunds).filter(
      (r) => !paymentIntentId || r.payment_intent === paymentIntentId,
    );
    return paginate(newestFirst(refunds), params, '/v1/refunds');
  }

  // ---- Events ----

  retrieveEvent(id: string): StripeEvent {
    return this.get(this.state.events, 'event', id);
  }

  listEvents(params: FormParams): StripeList<StripeEvent> {
    const types = [optionalString(params, 'type'), ...stringList(params, 'types')].filter((t): t is string => !!t);
    // "payment_intent.*" matches every payment_intent event, as in Stripe.
    const matches = (type: string) =>
      types.length === 0 || types.some((t) => (t.endsWith('.*') ? type.startsWith(t.slice(0, -1)) : type === t));
    const events = Object.values(this.state.events).filter((e) => matches(e.type));
    return paginate(newestFirst(events), params, '/v1/events');
  }

  /** Events in the order they happened (for the /_local controls). */
  eventsInOrder(type?: string): StripeEvent[] {
    return Object.values(this.state.events).filter((e) => !type || e.type === type);
  }

  paymentIntentCounts(customerId: string): { customer: string; count: number; succeeded: number; failed: number } {
    const intents = Object.values(this.state.paymentIntents).filter((pi) => pi.customer === customerId);
    return {
      customer: customerId,
      count: intents.length,
      succeeded: intents.filter((pi) => pi.status === 'succeeded').length,
      failed: intents.filter((pi) => pi.last_payment_error !== null && pi.status !== 'succeeded').length,
    };
  }
}
