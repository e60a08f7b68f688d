import Stripe from 'stripe';
import type { Settings } from './settings';
import { SETTINGS } from './settings.module';

export const STRIPE = Symbol('STRIPE');

/**
 * The official SDK, pointed at STRIPE_API_BASE: api.stripe.com in production, the project's own
 * Stripe-compatible server (tools/stripe-local) locally and in tests. Same code either way.
 */
export function createStripe(settings: Settings): Stripe {
  const base = new URL(settings.STRIPE_API_BASE);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.STRIPE_SECRET_KEY, {
    host: base.hostname,
    port: Number(base.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    maxNetworkRetries: 2,
    timeout: 20000,
    appInfo: { name: 'RxBridge' },
  });
}

export const stripeProvider = { provide: STRIPE, inject: [SETTINGS], useFactory: createStripe };
