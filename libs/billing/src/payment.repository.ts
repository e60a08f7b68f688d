import type { EntityManager } from 'typeorm';
import { BatchedRead, Payment, prepared } from '@rxbridge/database';

// Every read and write of payments. Each takes the caller's manager, so the caller chooses the
// transaction; the lock* reads hold a row lock until it ends (docs/architecture.md §7).

/** Columns a write may set; the row's identity and timestamps are the database's. */
export type PaymentChanges = Partial<Omit<Payment, 'id' | 'subscription' | 'user' | 'createdAt' | 'updatedAt'>>;

/** What a payment's view is made of (an entity, or a row read with these names). */
export type PaymentRow = Pick<
  Payment,
  'id' | 'subscriptionId' | 'status' | 'amount' | 'currency' | 'description' | 'failureMessage' | 'createdAt'
>;

/**
 * Pages of patients' payments, newest first, each with how many there are in all: one prepared statement for
 * every page asked for in one turn (BatchedRead; the count and the page were two unprepared queries per request,
 * docs/architecture.md §15). A page's key is `patient:limit:offset`; the lateral join gives it one row with the
 * count and no payment when it is past the end.
 */
const PAYMENTS_PAGES = new BatchedRead<PaymentRow & { page: string; total: number }>(
  prepared(
    'payments-pages',
    `SELECT k.page, t.total, p.id, p.subscription_id AS "subscriptionId", p.status, p.amount, p.currency,
            p.description, p.failure_message AS "failureMessage", p.created_at AS "createdAt"
       FROM unnest($1::text[], $2::uuid[], $3::int[], $4::int[]) AS k(page, user_id, lim, off)
      CROSS JOIN LATERAL (SELECT count(*)::int AS total FROM payments WHERE user_id = k.user_id) t
       LEFT JOIN LATERAL (SELECT * FROM payments WHERE user_id = k.user_id
                           ORDER BY created_at DESC, id DESC LIMIT k.lim OFFSET k.off) p ON true
      ORDER BY k.page, p.created_at DESC, p.id DESC`,
  ),
  (row) => row.page,
  (pages) => {
    const parts = pages.map((page) => page.split(':'));
    return [pages, ...[0, 1, 2].map((i) => parts.map((p) => p[i]))];
  },
);

export async function paymentsPage(
  manager: EntityManager,
  userId: string,
  limit: number,
  offset: number,
): Promise<{ total: number; payments: PaymentRow[] }> {
  const rows = await PAYMENTS_PAGES.load(manager, `${userId}:${limit}:${offset}`);
  return {
    total: rows[0].total,
    payments: rows.filter((row) => row.id !== null).map(({ page: _page, total: _total, ...payment }) => payment),
  };
}

export function findPayment(manager: EntityManager, id: string): Promise<Payment | null> {
  return manager.findOneBy(Payment, { id });
}

export function lockPayment(manager: EntityManager, id: string): Promise<Payment | null> {
  return manager.findOne(Payment, { where: { id }, lock: { mode: 'pessimistic_write' } });
}

/** The period's payment, locked; it must exist (insertPaymentIfMissing first). */
export function lockPaymentOfPeriod(
  manager: EntityManager,
  subscriptionId: string,
  periodIndex: number,
): Promise<Payment> {
  return manager.findOneOrFail(Payment, {
    where: { subscriptionId, periodIndex },
    lock: { mode: 'pessimistic_write' },
  });
}

/** Inserts the period's payment unless it has one (UNIQUE per subscription and period). */
export async function insertPaymentIfMissing(
  manager: EntityManager,
  values: PaymentChanges & Pick<Payment, 'subscriptionId' | 'userId' | 'periodIndex'>,
): Promise<boolean> {
  const result = await manager
    .createQueryBuilder()
    .insert()
    .into(Payment)
    .values(values)
    .orIgnore()
    .returning('id')
    .execute();
  return (result.raw as unknown[]).length > 0;
}

export async function updatePayment(manager: EntityManager, id: string, changes: PaymentChanges): Promise<void> {
  await manager.update(Payment, { id }, changes);
}

/**
 * Payments PENDING for `afterMs` since their last change, or whose backoff is over by `now`,
 * oldest first (docs/architecture.md §7 Reconciliation).
 */
export async function pendingPaymentsDue(
  manager: EntityManager,
  now: Date,
  afterMs: number,
  limit: number,
): Promise<Array<{ id: string; reconcileAttempts: number }>> {
  return manager.query(
    `SELECT id, reconcile_attempts AS "reconcileAttempts" FROM payments
      WHERE status = 'PENDING' AND COALESCE(next_reconcile_at, updated_at + $2 * interval '1 millisecond') <= $1
      ORDER BY updated_at LIMIT $3`,
    [now, afterMs, limit],
  );
}

/**
 * The oldest period whose payment was declined, or null: what a new card pays first (docs/product.md §4). It may be
 * older than the current one: a month whose charge stayed pending while the next was paid, declined late.
 */
export async function declinedPeriodOf(manager: EntityManager, subscriptionId: string): Promise<number | null> {
  const [row] = await manager.query(
    `SELECT period_index AS "periodIndex" FROM payments WHERE subscription_id = $1 AND status = 'FAILED'
      ORDER BY period_index LIMIT 1`,
    [subscriptionId],
  );
  return row ? (row.periodIndex as number) : null;
}

/** A subscription's payments still PENDING, with their periods. */
export function pendingPaymentsOf(
  manager: EntityManager,
  subscriptionId: string,
): Promise<Array<{ id: string; periodIndex: number }>> {
  return manager.query(
    `SELECT id, period_index AS "periodIndex" FROM payments WHERE subscription_id = $1 AND status = 'PENDING'`,
    [subscriptionId],
  );
}

/** Sets when the reconciliation looks at a payment again, if it is still PENDING. */
export async function backOffPendingPayment(
  manager: EntityManager,
  id: string,
  reconcileAttempts: number,
  nextReconcileAt: Date,
): Promise<void> {
  await manager.update(Payment, { id, status: 'PENDING' }, { reconcileAttempts, nextReconcileAt });
}

/** First charges still PENDING, made at or before `since`, of subscriptions still waiting for them. */
export function unpaidFirstCharges(
  manager: EntityManager,
  since: Date,
  limit: number,
): Promise<Array<{ paymentId: string; userId: string; createdAt: Date }>> {
  return manager.query(
    `SELECT p.id AS "paymentId", p.user_id AS "userId", p.created_at AS "createdAt" FROM payments p
       JOIN subscriptions s ON s.id = p.subscription_id
      WHERE p.status = 'PENDING' AND p.period_index = 0 AND s.status = 'PENDING_CHARGE' AND p.created_at <= $1
      LIMIT $2`,
    [since, limit],
  );
}
