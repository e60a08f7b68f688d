import { Between, In, IsNull, LessThanOrEqual, Not, type EntityManager, type FindOperator } from 'typeorm';
import { BatchedRead, entityColumns, prepared, StripeEventRecord, Subscription, User } from '@rxbridge/database';

// Every read and write of billing's subscriptions, and of what billing reads beside them (users,
// prescriptions, applications, Stripe events). Each takes the caller's manager, so the caller
// chooses the transaction; the lock* reads hold a row lock until it ends (docs/architecture.md §7).

/**
 * Whether a shipment was ever scheduled for an application of the patient (`userId`, a column or parameter) that is not
 * cancelled and whose prescription is still on file, whatever its state now (delivered, refill or renewal due,
 * re-submitted, closed): the first charge is owed from then. A cancelled application's shipment is not (the patient
 * stopped that case), nor a removed prescription's, closed or not: it is no longer in the price (docs/product.md §4).
 */
const everShipped = (userId: string) => `EXISTS (SELECT 1 FROM applications a
  JOIN application_shipments sh ON sh.application_id = a.id
  JOIN prescriptions p ON p.id = a.prescription_id
  WHERE a.user_id = ${userId} AND a.state <> 'CANCELLED')`;

/** Columns a write may set; the row's identity and timestamps are the database's. */
export type SubscriptionChanges = Partial<Omit<Subscription, 'id' | 'userId' | 'user' | 'createdAt' | 'updatedAt'>>;

const OPEN = Not('CANCELLED' as const);

export function findSubscription(manager: EntityManager, id: string): Promise<Subscription | null> {
  return manager.findOneBy(Subscription, { id });
}

/** The subscription, locked; with `userId`, only when it is that patient's. */
export function lockSubscription(manager: EntityManager, id: string, userId?: string): Promise<Subscription | null> {
  return manager.findOne(Subscription, {
    where: userId === undefined ? { id } : { id, userId },
    lock: { mode: 'pessimistic_write' },
  });
}

/** The patient's subscription that is not CANCELLED (at most one: a partial unique index). */
export function findOpenSubscription(manager: EntityManager, userId: string): Promise<Subscription | null> {
  return manager.findOneBy(Subscription, { userId, status: OPEN });
}

export function lockOpenSubscription(manager: EntityManager, userId: string): Promise<Subscription | null> {
  return manager.findOne(Subscription, { where: { userId, status: OPEN }, lock: { mode: 'pessimistic_write' } });
}

// The patient's dashboard reads it on every load: the lists asked for at once are one prepared statement
// (BatchedRead, docs/architecture.md §15).
const OPEN_SUBSCRIPTIONS = new BatchedRead<Subscription>(
  prepared(
    'open-subscriptions-of-patients',
    `SELECT ${entityColumns(Subscription, 's')} FROM subscriptions s
      WHERE s.user_id = ANY($1::uuid[]) AND s.status <> 'CANCELLED' ORDER BY s.created_at DESC`,
  ),
  (row) => row.userId,
);

/** The patient's subscriptions that are not CANCELLED, newest first. */
export async function listOpenSubscriptions(manager: EntityManager, userId: string): Promise<Subscription[]> {
  const rows = await OPEN_SUBSCRIPTIONS.load(manager, userId);
  return rows.map((row) => manager.create(Subscription, row));
}

/**
 * Opens the patient's subscription, or gives the one opened meanwhile: a patient has at most one open
 * (subscriptions_one_open_per_user), and two tabs starting a checkout at once both get that one, never a 500.
 */
export async function insertSubscription(
  manager: EntityManager,
  values: SubscriptionChanges & Pick<Subscription, 'userId'>,
): Promise<Subscription> {
  const { identifiers } = await manager
    .createQueryBuilder()
    .insert()
    .into(Subscription)
    .values(values)
    .orIgnore()
    .returning('id')
    .execute();
  const [inserted] = identifiers;
  // Not inserted: a statement of its own reads the other's row, committed by now (the insert waited for it).
  const sub = inserted?.id
    ? await manager.findOneBy(Subscription, { id: inserted.id })
    : await findOpenSubscription(manager, values.userId);
  return sub!;
}

export async function updateSubscription(
  manager: EntityManager,
  id: string,
  changes: SubscriptionChanges,
): Promise<void> {
  await manager.update(Subscription, { id }, changes);
}

/**
 * Subscriptions cancelled at period end that have not ended: ACTIVE, or PAST_DUE when a renewal pending as the
 * patient cancelled was declined afterwards (docs/product.md §4 Cancelling).
 */
const ENDING = In(['ACTIVE', 'PAST_DUE'] as const);

/** Ends a subscription cancelled at period end; false when it was no longer ACTIVE or PAST_DUE. */
export async function endSubscription(manager: EntityManager, id: string, at: Date): Promise<boolean> {
  const res = await manager.update(Subscription, { id, status: ENDING }, { status: 'CANCELLED', cancelledAt: at });
  return !!res.affected;
}

/** Subscriptions cancelled at period end (ACTIVE or PAST_DUE) whose period is over by `now`. */
export function subscriptionsEndingBy(manager: EntityManager, now: Date): Promise<Subscription[]> {
  return manager.findBy(Subscription, {
    status: ENDING,
    cancelAtPeriodEnd: true,
    currentPeriodEnd: LessThanOrEqual(now),
  });
}

/** Monthly subscriptions that renew and whose period is over by `now`. */
export function renewalsDueBy(manager: EntityManager, now: Date): Promise<Subscription[]> {
  return renewing(manager, LessThanOrEqual(now));
}

/** Monthly subscriptions that renew and whose period ends between `from` and `to`. */
export function renewalsBetween(manager: EntityManager, from: Date, to: Date): Promise<Subscription[]> {
  return renewing(manager, Between(from, to));
}

function renewing(manager: EntityManager, currentPeriodEnd: FindOperator<Date>): Promise<Subscription[]> {
  return manager.findBy(Subscription, {
    tier: 'ONGOING_CARE',
    status: 'ACTIVE',
    cancelAtPeriodEnd: false,
    currentPeriodEnd,
  });
}

/**
 * PENDING_CHARGE subscriptions whose patient has had a shipment scheduled (everShipped) and which have no first
 * payment (its job was lost; docs/architecture.md §7 Reconciliation).
 */
export async function subscriptionsMissingFirstCharge(manager: EntityManager, limit: number): Promise<string[]> {
  const rows: Array<{ id: string }> = await manager.query(
    `SELECT s.id FROM subscriptions s
      WHERE s.status = 'PENDING_CHARGE'
        AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.subscription_id = s.id AND p.period_index = 0)
        AND ${everShipped('s.user_id')}
      LIMIT $1`,
    [limit],
  );
  return rows.map((row) => row.id);
}

/** Whether the patient has had a shipment scheduled that the first charge is owed for (everShipped). */
export async function hasScheduledShipment(manager: EntityManager, userId: string): Promise<boolean> {
  const [row] = await manager.query(`SELECT ${everShipped('$1')} AS shipped`, [userId]);
  return row.shipped === true;
}

/** Navigators and admins whose accounts are not disabled. */
export function activeStaff(manager: EntityManager): Promise<User[]> {
  return manager.findBy(User, { role: In(['NAVIGATOR', 'ADMIN']), disabledAt: IsNull() });
}

/** Notes a Stripe event as handled; false when it already was (a replayed delivery). */
export async function recordStripeEvent(manager: EntityManager, id: string, type: string): Promise<boolean> {
  const inserted = await manager
    .createQueryBuilder()
    .insert()
    .into(StripeEventRecord)
    .values({ id, type })
    .orIgnore()
    .returning('id')
    .execute();
  return inserted.raw.length > 0;
}
