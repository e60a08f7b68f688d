import type { Metadata } from './params';

// The subset of Stripe's object shapes this server produces. Field names and types follow the
// Stripe API reference so the official SDK's types describe them.

export interface Customer {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string | null;
  customer: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Metadata;
  mode: 'setup';
  payment_intent: null;
  payment_method_types: string[];
  payment_status: 'no_payment_required';
  setup_intent: string | null;
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  ui_mode: 'hosted';
  url: string | null;
}

export interface CardDetails {
  brand: string;
  country: string;
  display_brand: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  funding: 'credit';
  last4: string;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'unspecified';
  billing_details: {
    address: null;
    email: string | null;
    name: string | null;
    phone: null;
  };
  card: CardDetails & {
    checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' | null };
    networks: { available: string[]; preferred: null };
    wallet: null;
  };
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Metadata;
  type: 'card';
}

export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  cancellation_reason: null;
  client_secret: string;
  created: number;
  customer: string | null;
  description: string | null;
  last_setup_error: null;
  latest_attempt: null;
  livemode: false;
  metadata: Metadata;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  status: 'succeeded';
  usage: 'off_session';
}

export interface PaymentError {
  type: 'card_error';
  code: string;
  decline_code: string;
  message: string;
  charge: string;
  payment_method: PaymentMethod;
}

export type PaymentIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'succeeded';

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  canceled_at: null;
  cancellation_reason: null;
  capture_method: 'automatic';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: PaymentError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  setup_future_usage: null;
  statement_descriptor: string | null;
  status: PaymentIntentStatus;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  balance_transaction: null;
  captured: boolean;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  disputed: false;
  failure_code: string | null;
  failure_message: string | null;
  livemode: false;
  metadata: Metadata;
  outcome: {
    network_status: 'approved_by_network' | 'declined_by_network';
    reason: string | null;
    risk_level: 'normal';
    seller_message: string;
    type: 'authorized' | 'issuer_declined';
  };
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: 'card'; card: CardDetails };
  receipt_url: null;
  refunded: boolean;
  status: 'succeeded' | 'failed';
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  receipt_number: null;
  status: 'succeeded';
}

export type StripeObject = Customer | CheckoutSession | PaymentMethod | SetupIntent | PaymentIntent | Charge | Refund;

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: StripeObject };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface StripeList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}
