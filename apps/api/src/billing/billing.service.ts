import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { API_MESSAGES, type Language, type PlanTier } from '@rxbridge/contracts';
import type { Subscription } from '@rxbridge/database';
import {
  calculateCostQuote,
  initialSubscriptionStatus,
  isChargeable,
  nextSubscriptionStatus,
  renewsMonthly,
} from '@rxbridge/domain';
import { appendToOutbox } from '@rxbridge/events';
import { SETTINGS, type Settings, badRequest, conflict, notFound, STRIPE } from '@rxbridge/platform';
import { findUser } from '@rxbridge/accounts';
import { paginate } from '../common/pagination';
import {
  applyChargeOutcome,
  findOpenSubscription,
  insertSubscription,
  listOpenSubscriptions,
  lockSubscription,
  paymentsPage,
  recordStripeEvent,
  pricingFor,
  subscriptionPricing,
  updateSubscription,
} from '@rxbridge/billing';
import { idOf, outcomeOfIntentEvent } from './intent-outcome';
import { toPaymentView, toSubscriptionView } from './subscription-view';
import { isResourceMissing, stripeDownOrThrow } from './stripe-failures';

/** How a read of the patient's billing is made (BillingService.active, payments). */
export interface BillingRead {
  manager?: EntityManager;
  language?: Language;
}

/** A card the patient saved on a checkout page, as Stripe tells it. */
type SavedCard = { id: string; brand: string | null; last4: string | null; savedAt: Date };

/** Who a Stripe customer is opened for. */
export type CustomerHolder = { email: string; firstName: string; lastName: string };

@Injectable()
export class BillingService {
  private readonly logger = new Logger('BillingService');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(STRIPE) private readonly stripe: Stripe,
  ) {}

  quote(prescriptionCount: number, tier?: PlanTier, language: Language = 'en') {
    return calculateCostQuote(prescriptionCount, tier, language);
  }

  /**
   * A new subscription for the patient's plan, in the caller's transaction. Nothing is due today.
   * `prescriptions`: how many the patient has, when the caller just wrote them all (signup);
   * otherwise they are counted.
   */
  async open(manager: EntityManager, userId: string, tier: PlanTier, prescriptions?: number): Promise<Subscription> {
    return insertSubscription(manager, {
      userId,
      tier,
      status: initialSubscriptionStatus(tier, false),
      ...(prescriptions === undefined
        ? await subscriptionPricing(manager, userId, tier)
        : pricingFor(tier, prescriptions)),
      periodsCharged: 0,
      cancelAtPeriodEnd: false,
    });
  }

  /**
   * How the patient's billing is read: `manager`, the caller's transaction, whose connection the read must
   * share (docs/architecture.md §11); `language`, the reader's, for the texts (docs/product.md §20).
   */
  async active(userId: string, { manager = this.db.manager, language = 'en' }: BillingRead = {}) {
    return (await listOpenSubscriptions(manager, userId)).map((s) => toSubscriptionView(s, language));
  }

  /**
   * A hosted checkout page (setup mode: the card is saved, nothing is charged) for the patient's
   * subscription, opening one for their plan if they have none.
   */
  async startCheckout(userId: string): Promise<string> {
    const nothingToPay = () => badRequest(API_MESSAGES.nothingToPay, undefined, 'nothing-to-pay');
    let sub = await findOpenSubscription(this.db.manager, userId);
    if (!sub) {
      // The plan is checked before anything is written: a free plan's patient gets no subscription from here.
      const user = await this.account(userId);
      if (!isChargeable(user.tier)) throw nothingToPay();
      sub = await this.db.transaction((manager) => this.open(manager, userId, user.tier));
    }
    if (!isChargeable(sub.tier)) throw nothingToPay();
    // Stripe down or failing is a 503 to try again, as at the checkout's return (docs/architecture.md §6 Outages).
    return this.checkoutFor(sub).catch((err) => stripeDownOrThrow(err, this.logger));
  }

  /**
   * After signup or new prescriptions: a checkout link when a paid plan still has no card. `sub`:
   * the patient's open subscription, when the caller holds it as committed (signup opened it), and
   * `holder` the account it just wrote, so that nothing is read back.
   */
  async checkoutIfNeeded(userId: string, sub?: Subscription | null, holder?: CustomerHolder): Promise<string | null> {
    sub ??= await findOpenSubscription(this.db.manager, userId);
    if (!sub || sub.status !== 'PENDING_PAYMENT') return null;
    try {
      return await this.checkoutFor(sub, holder);
    } catch (err) {
      // Stripe being down must not fail a signup: the dashboard offers Add Payment Method later.
      this.logger.warn({ err, userId }, 'could not open a checkout session');
      return null;
    }
  }

  private async checkoutFor(sub: Subscription, holder?: CustomerHolder): Promise<string> {
    const customer = sub.stripeCustomerId ?? (await this.createCustomer(sub, holder));
    // A new customer is kept for the next checkout while this one opens: the page does not wait on it.
    const [session] = await Promise.all([
      this.stripe.checkout.sessions.create({
        mode: 'setup',
        customer,
        currency: 'usd',
        // A card, as every screen, email and charge of the subscription expects ("Visa •••• 4242"): without it the
        // account's other methods could be saved, shown as no card, and charged days later (docs/product.md §4).
        allowed_payment_method_types: ['card'],
        success_url: `${this.settings.APP_URL}/dashboard?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${this.settings.APP_URL}/dashboard?checkout=cancelled`,
        metadata: { subscriptionId: sub.id, userId: sub.userId },
      }),
      customer !== sub.stripeCustomerId && updateSubscription(this.db.manager, sub.id, { stripeCustomerId: customer }),
    ]);
    if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
    return session.url;
  }

  async cancel(userId: string, subscriptionId: string, immediately: boolean, language: Language = 'en') {
    const sub = await this.db.transaction(async (manager) => {
      const s = await lockSubscription(manager, subscriptionId, userId);
      if (!s) throw notFound('Subscription');
      if (s.status === 'CANCELLED') throw conflict(API_MESSAGES.alreadyCancelled, 'already-cancelled');
      // A paid month runs to its end unless the patient asks to stop now; nothing else is owed. A month already over
      // has nothing left to run: its renewal (due, perhaps pending at Stripe) is let go (docs/product.md §4 Cancelling).
      const now = new Date();
      const paidPeriodOver = !s.currentPeriodEnd || s.currentPeriodEnd <= now;
      const endNow = immediately || s.status !== 'ACTIVE' || !renewsMonthly(s.tier) || paidPeriodOver;
      const changes = endNow
        ? { status: nextSubscriptionStatus(s.status, 'CANCELLED'), cancelledAt: now }
        : { cancelAtPeriodEnd: true };
      await updateSubscription(manager, s.id, changes);
      Object.assign(s, changes);
      await appendToOutbox(manager, 'subscription.changed', { subscriptionId: s.id, userId }, userId);
      return s;
    });
    return toSubscriptionView(sub, language);
  }

  /** A page of the patient's payments, read as `active` reads (BillingRead). */
  async payments(
    userId: string,
    page: number,
    limit: number,
    { manager = this.db.manager, language = 'en' }: BillingRead = {},
  ) {
    const { total, payments } = await paymentsPage(manager, userId, limit, (page - 1) * limit);
    return {
      payments: payments.map((p) => toPaymentView(p, language)),
      pagination: paginate(page, limit, total),
    };
  }

  /** The browser came back from checkout: save the card now rather than wait for the webhook. */
  async completeCheckout(userId: string, sessionId: string): Promise<void> {
    // A session Stripe does not know is not found; Stripe down or failing is a 503, and nothing is written
    // (docs/architecture.md §6 Outages).
    const session = await this.stripe.checkout.sessions
      .retrieve(sessionId)
      .catch((err) => (isResourceMissing(err) ? null : stripeDownOrThrow(err, this.logger)));
    if (!session || session.metadata?.userId !== userId) throw notFound('Checkout session');
    if (session.status !== 'complete') return;
    const card = await this.savedCard(session).catch((err) => stripeDownOrThrow(err, this.logger));
    await this.db.transaction((manager) => this.saveCard(manager, session, card));
  }

  /**
   * Stripe's webhook: verified on the raw body, each event handled once (the stripe_events row is
   * written in the same transaction as its effect), in any order.
   */
  async handleWebhook(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ duplicate: boolean }> {
    let event: Stripe.Event;
    try {
      if (!rawBody || !signature) throw new Error('missing');
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.STRIPE_WEBHOOK_SECRET);
    } catch {
      throw badRequest('The Stripe signature of this webhook is missing or invalid.', undefined, 'invalid-signature');
    }
    // Network calls happen before the transaction, never inside it.
    // Stripe failing to answer here is a 503: Stripe sends the event again later.
    const card =
      event.type === 'checkout.session.completed'
        ? await this.savedCard(event.data.object as Stripe.Checkout.Session).catch((err) =>
            stripeDownOrThrow(err, this.logger),
          )
        : null;
    return this.db.transaction(async (manager) => {
      if (!(await recordStripeEvent(manager, event.id, event.type))) return { duplicate: true };
      switch (event.type) {
        case 'checkout.session.completed':
          await this.saveCard(manager, event.data.object, card);
          break;
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed': {
          // Settles a charge whose worker died between calling Stripe and recording the answer.
          const intent = event.data.object;
          const paymentId = intent.metadata?.paymentId;
          if (paymentId) {
            await applyChargeOutcome(manager, paymentId, outcomeOfIntentEvent(event.type, intent));
          }
          break;
        }
        default:
          break;
      }
      return { duplicate: false };
    });
  }

  private async savedCard(session: Stripe.Checkout.Session) {
    const setupIntentId = idOf(session.setup_intent);
    if (!setupIntentId) return null;
    const intent = await this.stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
    const pm = intent.payment_method as Stripe.PaymentMethod | null;
    return intent.status === 'succeeded' && pm
      ? {
          id: pm.id,
          brand: pm.card?.brand ?? null,
          last4: pm.card?.last4 ?? null,
          savedAt: new Date(pm.created * 1000),
        }
      : null;
  }

  private async saveCard(manager: EntityManager, session: Stripe.Checkout.Session, card: SavedCard | null) {
    const subscriptionId = session.metadata?.subscriptionId;
    if (!card || !subscriptionId) return;
    const sub = await lockSubscription(manager, subscriptionId);
    // A late event for a cancelled subscription, or a card already saved, changes nothing.
    if (!sub || sub.status === 'CANCELLED' || sub.stripePaymentMethodId === card.id) return;
    // Nor does a card entered before the one saved: its checkout's event came late, or its return was replayed.
    if (sub.cardSavedAt && card.savedAt < sub.cardSavedAt) return;
    await updateSubscription(manager, sub.id, {
      stripePaymentMethodId: card.id,
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardSavedAt: card.savedAt,
      status: nextSubscriptionStatus(sub.status, 'PAYMENT_METHOD_SAVED'),
    });
    await appendToOutbox(
      manager,
      'subscription.payment_method_saved',
      { subscriptionId: sub.id, userId: sub.userId },
      sub.userId,
    );
  }

  private async account(userId: string) {
    const user = await findUser(this.db.manager, userId);
    if (!user) throw notFound('Account');
    return user;
  }

  private async createCustomer(sub: Subscription, holder?: CustomerHolder): Promise<string> {
    const user = holder ?? (await this.account(sub.userId));
    const customer = await this.stripe.customers.create(
      {
        email: user.email,
        name: `${user.firstName} ${user.lastName}`,
        metadata: { userId: sub.userId, subscriptionId: sub.id },
      },
      // One customer per subscription, even if two checkouts start at once.
      { idempotencyKey: `customer:${sub.id}` },
    );
    return customer.id;
  }
}
