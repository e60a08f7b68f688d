import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { CardBehaviour } from './cards';
import type {
  Charge,
  CheckoutSession,
  Customer,
  PaymentIntent,
  PaymentMethod,
  Refund,
  SetupIntent,
  StripeEvent,
} from './objects';
import type { Metadata } from './params';

export interface StoredResponse {
  method: string;
  path: string;
  /** canonicalJson of the request params: a replay must send the same ones. */
  fingerprint: string;
  status: number;
  body: unknown;
  requestId: string;
  createdAtMs: number;
}

/** Everything the account holds. Plain JSON so it can be written to and read from a state file. */
export interface LocalState {
  customers: Record<string, Customer>;
  checkoutSessions: Record<string, CheckoutSession>;
  setupIntents: Record<string, SetupIntent>;
  paymentMethods: Record<string, PaymentMethod>;
  paymentIntents: Record<string, PaymentIntent>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  events: Record<string, StripeEvent>;
  /** setup_intent_data of open checkout sessions, applied to the setup intent made at completion. */
  checkoutSetupIntentData: Record<string, { description: string | null; metadata: Metadata }>;
  /** What each saved card does when charged; kept apart because it is not part of Stripe's object. */
  cardBehaviours: Record<string, CardBehaviour>;
  idempotency: Record<string, StoredResponse>;
}

export function emptyState(): LocalState {
  return {
    customers: {},
    checkoutSessions: {},
    setupIntents: {},
    paymentMethods: {},
    paymentIntents: {},
    charges: {},
    refunds: {},
    events: {},
    checkoutSetupIntentData: {},
    cardBehaviours: {},
    idempotency: {},
  };
}

export function loadState(file: string | undefined): LocalState {
  if (!file || !existsSync(file)) return emptyState();
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalState>;
  return { ...emptyState(), ...saved };
}

export function saveState(file: string, state: LocalState): void {
  // Write then rename, so a crash mid-write never leaves a half-written state file behind.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, file);
}
