import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Subscription } from '@rxbridge/database';
import { addDays } from '@rxbridge/domain';
import {
  activeStaff,
  applyChargeOutcome,
  backOffPendingPayment,
  endSubscription,
  findOpenSubscription,
  findPayment,
  hasScheduledShipment,
  insertPaymentIfMissing,
  insertSubscription,
  listOpenSubscriptions,
  lockPaymentOfPeriod,
  lockSubscription,
  paymentsPage,
  pendingPaymentsDue,
  recordStripeEvent,
  renewalsBetween,
  renewalsDueBy,
  subscriptionPricing,
  subscriptionsEndingBy,
  subscriptionsMissingFirstCharge,
  unpaidFirstCharges,
  updatePayment,
  updateSubscription,
} from '@rxbridge/billing';
import { migratedDatabase } from '../support/repository-db';
import { eventually } from '../support/wait';

/** The billing repositories against a real, migrated PostgreSQL: one database, a new patient per test. */
const db = migratedDatabase();

const DAY = 24 * 3600 * 1000;
const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

async function user(role = 'USER', prescriptions = 0): Promise<string> {
  const [{ id }] = await db.ds.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, phone, date_of_birth, gender, mailing_street,
       mailing_city, mailing_state, mailing_zip, role, tier)
     VALUES ($1, 'x', 'Maria', 'Lopez', '5551234567', '1968-04-12', 'Female', '1 Oak St', 'Springfield', 'IL',
       '62701', $2, 'ONGOING_CARE') RETURNING id`,
    [`r.${randomBytes(4).toString('hex')}@example.com`, role],
  );
  for (let i = 0; i < prescriptions; i++) {
    await db.ds.query(`INSERT INTO prescriptions (user_id, medication) VALUES ($1, 'Eliquis')`, [id]);
  }
  return id;
}

async function subscription(userId: string, changes: Partial<Subscription> = {}): Promise<Subscription> {
  return insertSubscription(db.ds.manager, {
    userId,
    tier: 'ONGOING_CARE',
    status: 'PENDING_CHARGE',
    ...(await subscriptionPricing(db.ds.manager, userId, 'ONGOING_CARE')),
    periodsCharged: 0,
    cancelAtPeriodEnd: false,
    ...changes,
  });
}

/**
 * An application of the patient in `state`, of a prescription on file unless `removed`; when `shipped`, with the
 * shipment the move to Shipment scheduled records.
 */
async function application(userId: string, state: string, shipped: boolean, removed = false): Promise<void> {
  const [{ id: prescriptionId }] = removed
    ? [{ id: randomUUID() }]
    : await db.ds.query(`INSERT INTO prescriptions (user_id, medication) VALUES ($1, 'Eliquis') RETURNING id`, [
        userId,
      ]);
  await db.ds.query(
    `WITH a AS (INSERT INTO applications (user_id, prescription_id, medication, state)
                VALUES ($1, $2, 'Eliquis', $3) RETURNING id),
          t AS (INSERT INTO application_transitions (application_id, from_state, to_state, actor_role)
                SELECT id, 'APPROVED', 'SHIPMENT_SCHEDULED', 'NAVIGATOR' FROM a WHERE $4::boolean RETURNING id, application_id)
     INSERT INTO application_shipments (application_id, transition_id, shipment_date, days_of_supply, refill_due_at)
     SELECT application_id, id, current_date, 90, current_date + 69 FROM t`,
    [userId, prescriptionId, state, shipped],
  );
}

async function payment(sub: Subscription, periodIndex = 0, status: 'PENDING' | 'SUCCEEDED' = 'PENDING') {
  const values = { subscriptionId: sub.id, userId: sub.userId, periodIndex, amount: 4900, description: 'month' };
  return db.ds.transaction(async (manager) => {
    await insertPaymentIfMissing(manager, { ...values, status });
    return lockPaymentOfPeriod(manager, sub.id, periodIndex);
  });
}

/** Whether another transaction can lock the subscription now (it waits at most 50 ms). */
const lockable = (id: string) =>
  db.ds.transaction(async (other) => {
    await other.query(`SET LOCAL lock_timeout = '50ms'`);
    return lockSubscription(other, id).then(
      () => true,
      () => false,
    );
  });

describe('subscriptions', () => {
  it('opens one priced from the prescriptions; lists and finds only the one not cancelled', async () => {
    const userId = await user('USER', 3);
    const cancelled = await subscription(userId, { status: 'CANCELLED' });
    const open = await subscription(userId);
    expect(open).toMatchObject({ prescriptionCount: 3, totalAmount: 7900 });
    expect(open.pricingBreakdown.interval).toBe('month');
    expect((await findOpenSubscription(db.ds.manager, userId))?.id).toBe(open.id);
    expect((await listOpenSubscriptions(db.ds.manager, userId)).map((s) => s.id)).toEqual([open.id]);
    // Lists asked for at once are read in one batch: each patient gets only their own.
    const other = await subscription(await user());
    const [mine, theirs] = await Promise.all(
      [userId, other.userId].map((id) => listOpenSubscriptions(db.ds.manager, id)),
    );
    expect([mine.map((s) => s.id), theirs.map((s) => s.id)]).toEqual([[open.id], [other.id]]);
    expect(cancelled.id).not.toBe(open.id);
    // At most one open subscription per patient, by the database: opening another gives the one open.
    expect((await subscription(userId)).id).toBe(open.id);
    expect((await listOpenSubscriptions(db.ds.manager, userId)).map((s) => s.id)).toEqual([open.id]);
  });

  it("locks a subscription until the caller's transaction ends, and only the owner's with a user id", async () => {
    const sub = await subscription(await user());
    expect(await db.ds.transaction((manager) => lockSubscription(manager, sub.id, randomUUID()))).toBeNull();
    await db.ds.transaction(async (manager: EntityManager) => {
      expect((await lockSubscription(manager, sub.id, sub.userId))?.id).toBe(sub.id);
      expect(await lockable(sub.id)).toBe(false);
    });
    expect(await lockable(sub.id)).toBe(true);
  });

  it('ends those cancelled at period end once, and finds renewals due and soon', async () => {
    const now = new Date();
    const [past, soon, later] = [new Date(now.getTime() - DAY), addDays(now, 2), addDays(now, 10)];
    const ending = await subscription(await user(), {
      status: 'ACTIVE',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: past,
    });
    const due = await subscription(await user(), { status: 'ACTIVE', currentPeriodEnd: past });
    const upcoming = await subscription(await user(), { status: 'ACTIVE', currentPeriodEnd: soon });
    const laterSub = await subscription(await user(), { status: 'ACTIVE', currentPeriodEnd: later });
    const once = await subscription(await user(), {
      status: 'ACTIVE',
      tier: 'ENROLLMENT_ONLY',
      currentPeriodEnd: past,
    });

    expect(ids(await subscriptionsEndingBy(db.ds.manager, now))).toContain(ending.id);
    const dueIds = ids(await renewalsDueBy(db.ds.manager, now));
    expect(dueIds).toContain(due.id);
    expect(dueIds).not.toContain(ending.id);
    expect(dueIds).not.toContain(once.id);
    const soonIds = ids(await renewalsBetween(db.ds.manager, now, addDays(now, 3)));
    expect(soonIds).toContain(upcoming.id);
    expect(soonIds).not.toContain(due.id);
    expect(soonIds).not.toContain(laterSub.id);

    expect(await endSubscription(db.ds.manager, ending.id, now)).toBe(true);
    expect(await endSubscription(db.ds.manager, ending.id, now)).toBe(false);
    expect(await findOpenSubscription(db.ds.manager, ending.userId)).toBeNull();
    expect(ids(await subscriptionsEndingBy(db.ds.manager, now))).not.toContain(ending.id);
  });

  it('tells which first charges are missing once a shipment is scheduled', async () => {
    const userId = await user('USER', 1);
    const sub = await subscription(userId);
    expect(await hasScheduledShipment(db.ds.manager, userId)).toBe(false);
    await application(userId, 'SHIPMENT_SCHEDULED', true);
    expect(await hasScheduledShipment(db.ds.manager, userId)).toBe(true);
    expect(await subscriptionsMissingFirstCharge(db.ds.manager, 1000)).toContain(sub.id);
    await payment(sub);
    expect(await subscriptionsMissingFirstCharge(db.ds.manager, 1000)).not.toContain(sub.id);
  });

  // A shipment once scheduled stays scheduled, whatever the application moved to since; one of an application since
  // cancelled does not count (docs/product.md §4 Charging).
  const firstChargeOwed = async (state: string, shipped: boolean, removed = false) => {
    const userId = await user('USER', 1);
    const sub = await subscription(userId);
    await application(userId, state, shipped, removed);
    return {
      hasScheduledShipment: await hasScheduledShipment(db.ds.manager, userId),
      missingFirstCharge: (await subscriptionsMissingFirstCharge(db.ds.manager, 10_000)).includes(sub.id),
    };
  };
  const owed = { hasScheduledShipment: true, missingFirstCharge: true };
  const notOwed = { hasScheduledShipment: false, missingFirstCharge: false };

  it.each(['DELIVERED', 'REFILL_DUE', 'RENEWAL_DUE', 'SUBMITTED', 'CLOSED'])(
    'owes the first charge of a shipment whose application is now %s',
    async (state) => {
      expect(await firstChargeOwed(state, true)).toEqual(owed);
    },
  );

  it.each([
    ['an application never shipped, now closed', 'CLOSED', false, false],
    ['an application never shipped, re-submitted', 'SUBMITTED', false, false],
    ['a shipment whose application was cancelled since', 'CANCELLED', true, false],
    ['a shipment of a prescription since removed, its application closed', 'CLOSED', true, true],
  ] as const)('owes nothing for %s', async (_, state, shipped, removed) => {
    expect(await firstChargeOwed(state, shipped, removed)).toEqual(notOwed);
  });

  it('records a Stripe event once and finds the staff to alert', async () => {
    const id = `evt_${randomUUID()}`;
    expect(await recordStripeEvent(db.ds.manager, id, 'checkout.session.completed')).toBe(true);
    expect(await recordStripeEvent(db.ds.manager, id, 'checkout.session.completed')).toBe(false);
    const [navigator, disabled, patient] = [await user('NAVIGATOR'), await user('ADMIN'), await user()];
    await db.ds.query(`UPDATE users SET disabled_at = now() WHERE id = $1`, [disabled]);
    const staff = ids(await activeStaff(db.ds.manager));
    expect(staff).toContain(navigator);
    expect(staff).not.toContain(disabled);
    expect(staff).not.toContain(patient);
  });
});

describe('payments', () => {
  it('inserts one payment per period, whatever repeats', async () => {
    const sub = await subscription(await user());
    const first = await payment(sub);
    const again = await payment(sub);
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ status: 'PENDING', attempt: 1, currency: 'usd' });
    await updatePayment(db.ds.manager, first.id, { status: 'FAILED', attempt: 2, failureMessage: 'declined' });
    expect(await findPayment(db.ds.manager, first.id)).toMatchObject({ status: 'FAILED', attempt: 2 });
  });

  it('pages newest first with the total in one prepared statement, and answers the total past the end', async () => {
    const sub = await subscription(await user());
    const made = [await payment(sub, 0, 'SUCCEEDED'), await payment(sub, 1, 'SUCCEEDED')];
    made.push(await payment(sub, 2, 'SUCCEEDED'));
    await db.ds.transaction(async (manager) => {
      const page = await paymentsPage(manager, sub.userId, 2, 0);
      expect(page.total).toBe(3);
      expect(page.payments.map((p) => p.id)).toEqual([made[2].id, made[1].id]);
      expect(page.payments[0]).toMatchObject({ subscriptionId: sub.id, status: 'SUCCEEDED', amount: 4900 });
      expect(page.payments[0].createdAt).toBeInstanceOf(Date);
      const prepared = await manager.query(`SELECT name FROM pg_prepared_statements WHERE name = 'payments-pages'`);
      expect(prepared).toHaveLength(1);
    });
    // Pages asked for at once are one batch: each caller gets its own page, another patient's none of them.
    const other = await subscription(await user());
    const [first, second, theirs] = await Promise.all([
      paymentsPage(db.ds.manager, sub.userId, 2, 0),
      paymentsPage(db.ds.manager, sub.userId, 2, 2),
      paymentsPage(db.ds.manager, other.userId, 2, 0),
    ]);
    expect([first, second, theirs].map((p) => [p.total, p.payments.map((x) => x.id)])).toEqual([
      [3, [made[2].id, made[1].id]],
      [3, [made[0].id]],
      [0, []],
    ]);
    expect(await paymentsPage(db.ds.manager, sub.userId, 2, 2)).toMatchObject({
      total: 3,
      payments: [{ id: made[0].id }],
    });
    expect(await paymentsPage(db.ds.manager, sub.userId, 2, 4)).toEqual({ total: 3, payments: [] });
  });

  it('finds PENDING payments due for reconciliation and backs them off', async () => {
    const sub = await subscription(await user());
    const p = await payment(sub);
    const now = new Date();
    await db.ds.query(`UPDATE payments SET updated_at = $2 WHERE id = $1`, [p.id, new Date(now.getTime() - 60_000)]);
    const due = async (afterMs: number) =>
      (await pendingPaymentsDue(db.ds.manager, now, afterMs, 1000)).find((r) => r.id === p.id);
    expect(await due(120_000)).toBeUndefined();
    expect(await due(30_000)).toEqual({ id: p.id, reconcileAttempts: 0 });
    await backOffPendingPayment(db.ds.manager, p.id, 1, new Date(now.getTime() + 60_000));
    expect(await due(30_000)).toBeUndefined();
    // A payment no longer PENDING keeps its schedule.
    await updatePayment(db.ds.manager, p.id, { status: 'SUCCEEDED' });
    await backOffPendingPayment(db.ds.manager, p.id, 5, now);
    expect(await findPayment(db.ds.manager, p.id)).toMatchObject({ reconcileAttempts: 1 });
  });

  it('lists first charges still unpaid since a moment, of subscriptions still waiting', async () => {
    const sub = await subscription(await user());
    const p = await payment(sub);
    const unpaid = async (since: Date) =>
      (await unpaidFirstCharges(db.ds.manager, since, 1000)).find((r) => r.paymentId === p.id);
    expect(await unpaid(new Date(Date.now() - DAY))).toBeUndefined();
    expect(await unpaid(new Date(Date.now() + 1000))).toEqual({
      paymentId: p.id,
      userId: sub.userId,
      createdAt: p.createdAt,
    });
    await updateSubscription(db.ds.manager, sub.id, { status: 'PAST_DUE' });
    expect(await unpaid(new Date(Date.now() + 1000))).toBeUndefined();
  });

  it('settles a charge through the repositories once: the payment, the period and the outbox', async () => {
    const sub = await subscription(await user(), { stripePaymentMethodId: 'pm_new' });
    const p = await payment(sub);
    const declinedOldCard = {
      status: 'FAILED',
      paymentIntentId: 'pi_1',
      message: 'no',
      paymentMethodId: 'pm_old',
    } as const;
    expect(await db.ds.transaction((m) => applyChargeOutcome(m, p.id, declinedOldCard))).toBe(false);
    const paid = { status: 'SUCCEEDED', paymentIntentId: 'pi_1' } as const;
    expect(await db.ds.transaction((m) => applyChargeOutcome(m, p.id, paid))).toBe(true);
    expect(await db.ds.transaction((m) => applyChargeOutcome(m, p.id, paid))).toBe(false);
    expect(await findPayment(db.ds.manager, p.id)).toMatchObject({
      status: 'SUCCEEDED',
      stripePaymentIntentId: 'pi_1',
    });
    const after = await findOpenSubscription(db.ds.manager, sub.userId);
    expect(after).toMatchObject({ status: 'ACTIVE', periodsCharged: 1 });
    expect(after!.currentPeriodEnd!.getTime()).toBeGreaterThan(after!.currentPeriodStart!.getTime());
    const events = await db.ds.query(
      `SELECT payload FROM outbox WHERE type = 'payment.settled' AND payload->>'paymentId' = $1`,
      [p.id],
    );
    expect(events).toHaveLength(1);
  });

  it('settles an outcome while a charge of the period holds the subscription: one waits for the other, no deadlock', async () => {
    const sub = await subscription(await user(), { stripePaymentMethodId: 'pm_1' });
    const p = await payment(sub);
    // A charge (ChargeService.chargePeriod) locks the subscription, then its period's payment; the outcome arrives
    // (the webhook) between the two.
    let letChargeGoOn!: () => void;
    const chargeMayGoOn = new Promise<void>((resolve) => (letChargeGoOn = resolve));
    const charging = db.ds.transaction(async (m) => {
      await lockSubscription(m, sub.id);
      await chargeMayGoOn;
      return (await lockPaymentOfPeriod(m, sub.id, 0)).status;
    });
    await eventually(async () => !(await lockable(sub.id)), 'the charge holding the subscription');
    const settling = db.ds.transaction((m) =>
      applyChargeOutcome(m, p.id, { status: 'SUCCEEDED', paymentIntentId: 'pi_1' }),
    );
    await eventually(async () => {
      const [{ n }] = await db.ds.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      return n >= 1;
    }, 'the outcome waiting on a lock');
    letChargeGoOn();
    expect(await Promise.all([charging, settling])).toEqual(['PENDING', true]);
    expect(await findPayment(db.ds.manager, p.id)).toMatchObject({ status: 'SUCCEEDED' });
  });

  it('an older period paid late keeps the current period the latest one: the next month is not charged early', async () => {
    const anchor = new Date(Date.now() - 70 * DAY);
    const sub = await subscription(await user(), { status: 'ACTIVE', billingAnchor: anchor, periodsCharged: 1 });
    // Month 1's renewal stayed PENDING while month 2 was charged and paid.
    const late = await payment(sub, 1);
    const next = await payment(sub, 2);
    const paid = { status: 'SUCCEEDED', paymentIntentId: 'pi_2' } as const;
    expect(await db.ds.transaction((m) => applyChargeOutcome(m, next.id, paid))).toBe(true);
    const afterNext = (await findOpenSubscription(db.ds.manager, sub.userId))!;
    expect(afterNext.periodsCharged).toBe(3);
    // Then month 1 settles as paid: the current period stays month 2's, which ends in the future.
    expect(await db.ds.transaction((m) => applyChargeOutcome(m, late.id, { ...paid, paymentIntentId: 'pi_1' }))).toBe(
      true,
    );
    const after = (await findOpenSubscription(db.ds.manager, sub.userId))!;
    expect(after).toMatchObject({ status: 'ACTIVE', periodsCharged: 3 });
    expect(after.currentPeriodStart).toEqual(afterNext.currentPeriodStart);
    expect(after.currentPeriodEnd).toEqual(afterNext.currentPeriodEnd);
    expect(after.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now());
    expect(ids(await renewalsDueBy(db.ds.manager, new Date()))).not.toContain(sub.id);
  });
});
