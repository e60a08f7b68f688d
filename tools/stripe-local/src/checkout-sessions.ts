import type { Expiry, TestCard } from './cards';
import { requireCustomer } from './customers';
import { invalidRequest } from './errors';
import { newId } from './ids';
import { metadataOf, optionalString, requiredString, stringList, type Metadata } from './params';
import { saveCard } from './payment-methods';
import { route, type Route } from './router';
import { createSucceededSetupIntent } from './setup-intents';
import { getObject, type Account } from './state';

// Checkout in setup mode, the only mode the product uses: the patient saves a card on the hosted
// page (checkout-page.ts) and nothing is charged.

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'setup';
  customer: string | null;
  currency: string | null;
  /** The methods the caller allowed (a filter on the account's methods): cards, the only one this server saves. */
  allowed_payment_method_types: string[];
  /** The methods the page offers. */
  payment_method_types: string[];
  metadata: Metadata;
  success_url: string;
  cancel_url: string | null;
  status: 'open' | 'complete';
  setup_intent: string | null;
  /** The hosted page while the session is open. */
  url: string | null;
}

export function getCheckoutSession(account: Account, id: string): CheckoutSession {
  return getObject(account.state.checkoutSessions, 'checkout.session', id);
}

/** Where the browser goes once the card is saved. */
export function successUrl(session: CheckoutSession): string {
  return session.success_url.replace(/\{CHECKOUT_SESSION_ID\}/g, session.id);
}

/** The page's accepted card: saved for the customer, then checkout.session.completed is sent. */
export function completeCheckoutSession(account: Account, session: CheckoutSession, card: TestCard, expiry: Expiry) {
  const paymentMethod = saveCard(account, card, expiry, session.customer);
  const setupIntent = createSucceededSetupIntent(account, session.customer, paymentMethod.id);
  session.status = 'complete';
  session.setup_intent = setupIntent.id;
  session.url = null;
  account.emit('checkout.session.completed', session);
}

export function checkoutSessionRoutes(account: Account): Route[] {
  return [
    route('POST', '/v1/checkout/sessions', (params) => {
      const mode = requiredString(params, 'mode');
      // Refused rather than faked, so a product change to another mode fails loudly here.
      if (mode !== 'setup') {
        throw invalidRequest(`stripe-local supports Checkout in setup mode only, not mode=${mode}.`, 'mode');
      }
      const customer = optionalString(params, 'customer') || null;
      if (customer) requireCustomer(account, customer);
      // Cards only, asked for by name: left to the account's settings, Stripe could offer other methods, which
      // this server does not have, so a caller relying on that fails here rather than in production.
      const types = stringList(params, 'allowed_payment_method_types');
      if (types.length !== 1 || types[0] !== 'card') {
        throw invalidRequest(
          'stripe-local saves cards only: pass allowed_payment_method_types=[card].',
          'allowed_payment_method_types',
        );
      }
      const id = newId('cs_test', 58);
      const session: CheckoutSession = {
        id,
        object: 'checkout.session',
        mode,
        customer,
        currency: optionalString(params, 'currency')?.toLowerCase() || null,
        allowed_payment_method_types: types,
        payment_method_types: types,
        metadata: metadataOf(params),
        success_url: requiredString(params, 'success_url'),
        cancel_url: optionalString(params, 'cancel_url') || null,
        status: 'open',
        setup_intent: null,
        url: `${account.checkoutBaseUrl()}/checkout/${id}`,
      };
      account.state.checkoutSessions[id] = session;
      return session;
    }),
    route('GET', '/v1/checkout/sessions/:id', (_, [id]) => getCheckoutSession(account, id)),
  ];
}
