import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { CardBehaviour } from './cards';
import type { CheckoutSession } from './checkout-sessions';
import type { Customer } from './customers';
import { noSuch } from './errors';
import type { StripeEvent } from './events/events';
import type { StoredResponse } from './idempotency';
import type { PaymentIntent } from './payment-intents';
import type { PaymentMethod } from './payment-methods';
import type { SetupIntent } from './setup-intents';

/** Everything the account holds. Plain JSON so it can be written to and read from a state file. */
export interface LocalState {
  customers: Record<string, Customer>;
  checkoutSessions: Record<string, CheckoutSession>;
  setupIntents: Record<string, SetupIntent>;
  paymentMethods: Record<string, PaymentMethod>;
  paymentIntents: Record<string, PaymentIntent>;
  /** In the order they happened. */
  events: Record<string, StripeEvent>;
  /** What each saved card does when charged; kept apart because it is not part of Stripe's object. */
  cardBehaviours: Record<string, CardBehaviour>;
  idempotency: Record<string, StoredResponse>;
}

/** What every resource works on: the stored objects, and how to announce a change. */
export interface Account {
  state: LocalState;
  /** Stores an event with a snapshot of `object` and sends it to the webhook endpoint. */
  emit(type: string, object: { id: string }): void;
  /** Base of the checkout page links handed out in session.url. */
  checkoutBaseUrl(): string;
  /** Faults the tests stage through /_local/faults (controls.ts); all off by default. */
  faults: Faults;
}

/** Test-only faults: never part of the saved state, so a restart clears them. */
export interface Faults {
  /** Every payment_intents call answers 500 without running, as during a Stripe outage. */
  paymentIntentsDown: boolean;
  /**
   * Calls run, then the connection is cut before the answer: 'confirm' loses the answers of
   * payment intent confirmations (the card is charged), 'all' those of every payment_intents call.
   */
  loseAnswers: 'none' | 'confirm' | 'all';
  /** Added to the account's clock (idempotency keys' expiry, objects' `created`), to stage a retry days later. */
  clockOffsetMs: number;
  /**
   * Payment intent confirmations wait this long before they run, as a call still on its way to Stripe, or until their
   * intent is canceled: a test can cancel the intent meanwhile and see the confirm land on it at once.
   */
  confirmDelayMs: number;
}

export function noFaults(): Faults {
  return { paymentIntentsDown: false, loseAnswers: 'none', clockOffsetMs: 0, confirmDelayMs: 0 };
}

/** Seconds since the epoch on the account's clock (`clockOffsetMs` moves it), as Stripe dates its objects. */
export function accountSeconds(account: Account): number {
  return Math.floor((Date.now() + account.faults.clockOffsetMs) / 1000);
}

/** Reads one stored object, or throws Stripe's 404 for it. */
export function getObject<T>(collection: Record<string, T>, resource: string, id: string, param = 'id'): T {
  // hasOwn: an id such as "constructor" must not find Object.prototype's members.
  const found = Object.hasOwn(collection, id) ? collection[id] : undefined;
  if (!found) throw noSuch(resource, id, param);
  return found;
}

const COLLECTION_BY_PREFIX: ReadonlyArray<[string, keyof LocalState]> = [
  ['cus_', 'customers'],
  ['cs_', 'checkoutSessions'],
  ['seti_', 'setupIntents'],
  ['pm_', 'paymentMethods'],
  ['pi_', 'paymentIntents'],
];

/** Any API object by id, for `expand[]`. */
export function findById(state: LocalState, id: string): unknown {
  const collection = COLLECTION_BY_PREFIX.find(([prefix]) => id.startsWith(prefix))?.[1];
  const objects = collection && (state[collection] as Record<string, unknown>);
  return objects && Object.hasOwn(objects, id) ? objects[id] : undefined;
}

export function emptyState(): LocalState {
  return {
    customers: {},
    checkoutSessions: {},
    setupIntents: {},
    paymentMethods: {},
    paymentIntents: {},
    events: {},
    cardBehaviours: {},
    idempotency: {},
  };
}

export function loadState(file: string | undefined): LocalState {
  const state = emptyState();
  if (!file || !existsSync(file)) return state;
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalState>;
  // Only known collections: a file written by an older version may hold others.
  for (const key of Object.keys(state) as Array<keyof LocalState>) {
    if (saved[key]) Object.assign(state[key], saved[key]);
  }
  return state;
}

export function saveState(file: string, state: LocalState): void {
  // Write then rename, so a crash mid-write never leaves a half-written state file behind.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, file);
}
