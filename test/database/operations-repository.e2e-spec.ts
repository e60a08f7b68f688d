import { randomBytes, randomUUID } from 'node:crypto';
import {
  auditLogPage,
  createDataSource,
  pingDatabase,
  prepared,
  pruneRowsBefore,
  type PipelinedTransaction,
} from '@rxbridge/database';
import { doEffectOnce, outboxBacklog } from '@rxbridge/events';
import { migratedDatabase } from '../support/repository-db';
import { eventually } from '../support/wait';

// The operational repositories (health probe, audit log, retention, effect ledger, outbox backlog)
// against a real, migrated PostgreSQL, without API or worker (docs/architecture.md §12).
const db = migratedDatabase();

const DAY = 86_400_000;
/** The statements of this test's database waiting on a lock. */
const lockWaits = async (): Promise<number> =>
  (
    await db.ds.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    )
  )[0].n;
const exists = async (sql: string, params: unknown[]) => (await db.ds.query(sql, params)).length > 0;

describe('pingDatabase', () => {
  it('resolves while PostgreSQL answers and rejects once the connection pool is gone', async () => {
    await expect(pingDatabase(db.ds.manager)).resolves.toBeUndefined();
    const closed = createDataSource(db.url);
    await closed.initialize();
    await closed.destroy();
    await expect(pingDatabase(closed.manager)).rejects.toThrow();
  });
});

describe('auditLogPage', () => {
  const staff = randomUUID();
  const other = randomUUID();
  const patient = randomUUID();
  const listed = randomUUID();

  beforeAll(async () => {
    await db.ds.query(
      `INSERT INTO audit_log (id, actor_id, actor_role, action, subject_user_id, metadata, created_at) VALUES
        (gen_random_uuid(), $1, 'NAVIGATOR', 'patient.read', $3, '{}', now() - interval '3 minutes'),
        (gen_random_uuid(), $2, 'ADMIN', 'queue.list', NULL, $5, now() - interval '2 minutes'),
        (gen_random_uuid(), $1, 'NAVIGATOR', 'queue.list', NULL, $6, now() - interval '1 minute'),
        (gen_random_uuid(), $2, 'ADMIN', 'patient.read', $4, '{}', now())`,
      [staff, other, patient, listed, JSON.stringify({ patientIds: [listed] }), JSON.stringify({ patientIds: [] })],
    );
  });

  it("filters by staff member, newest first, with the filter's total", async () => {
    const { rows, total } = await auditLogPage(db.ds.manager, {
      staffId: staff,
      patientId: null,
      offset: 0,
      limit: 10,
    });
    expect(total).toBe(2);
    expect(rows.map((r) => [r.action, r.actor_role])).toEqual([
      ['queue.list', 'NAVIGATOR'],
      ['patient.read', 'NAVIGATOR'],
    ]);
    expect(rows[1].subject_user_id).toBe(patient);
    expect(rows[1].created_at).toBeInstanceOf(Date);
  });

  it('matches a patient by the reads of their record and by the lists that showed them', async () => {
    const { rows } = await auditLogPage(db.ds.manager, { staffId: null, patientId: listed, offset: 0, limit: 10 });
    expect(rows.map((r) => [r.action, r.subject_user_id])).toEqual([
      ['patient.read', listed],
      ['queue.list', null],
    ]);
    expect(rows[1].metadata).toEqual({ patientIds: [listed] });
    const both = await auditLogPage(db.ds.manager, { staffId: other, patientId: patient, offset: 0, limit: 10 });
    expect(both).toEqual({ rows: [], total: 0 });
  });

  it('pages with offset and limit and still counts every match, on a page past the end too', async () => {
    const page = await auditLogPage(db.ds.manager, { staffId: staff, patientId: null, offset: 1, limit: 1 });
    expect([page.rows.map((r) => r.action), page.total]).toEqual([['patient.read'], 2]);
    const past = await auditLogPage(db.ds.manager, { staffId: staff, patientId: null, offset: 10, limit: 10 });
    expect(past).toEqual({ rows: [], total: 2 });
  });
});

describe('pruneRowsBefore', () => {
  it('removes the bookkeeping rows older than the cutoff in batches, keeps the rest and what another transaction holds', async () => {
    const cutoff = new Date(Date.now() - 30 * DAY);
    const old = new Date(cutoff.getTime() - DAY);
    // Communications go by their own, longer age: a message past the bookkeeping's stays.
    const cutoffs = { bookkeeping: cutoff, communications: new Date(cutoff.getTime() - 1000 * DAY) };
    const [{ id: userId }] = await db.ds.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, phone, date_of_birth, gender, mailing_street,
         mailing_city, mailing_state, mailing_zip, role, tier)
       VALUES ($1, 'x', 'Maria', 'Lopez', '5551234567', '1968-04-12', 'Female', '1 Oak St', 'Springfield', 'IL',
         '62701', 'USER', 'ONGOING_CARE') RETURNING id`,
      [`p.${randomBytes(4).toString('hex')}@example.com`],
    );
    const ids = {
      oldPublished: randomUUID(),
      newPublished: randomUUID(),
      oldUnpublished: randomUUID(),
      oldUnhandled: randomUUID(),
    };
    // The last: published long ago (an hour after the others), its email job failed for good and still waits for a
    // retry; the effects written after it are kept for that retry, past the retention or not.
    const unhandledAt = new Date(old.getTime() + 3_600_000);
    await db.ds.query(
      `INSERT INTO outbox (id, type, payload, created_at, published_at, unhandled_queues) VALUES
        ($1, 'subscription.changed', '{}', $5, $5, '{}'), ($2, 'subscription.changed', '{}', $5, now(), '{}'),
        ($3, 'subscription.changed', '{}', $5, NULL, '{}'), ($4, 'subscription.changed', '{}', $6, $6, '{email}')`,
      [ids.oldPublished, ids.newPublished, ids.oldUnpublished, ids.oldUnhandled, old, unhandledAt],
    );
    await db.ds.query(`INSERT INTO processed_effects (key, created_at) VALUES ('prune:for-the-retry', $1)`, [
      new Date(unhandledAt.getTime() + 1000),
    ]);
    // One more than a batch, so the prune needs a second DELETE.
    await db.ds.query(
      `INSERT INTO processed_effects (key, created_at) SELECT 'prune:old:' || i, $1 FROM generate_series(1, 1002) i`,
      [old],
    );
    await db.ds.query(`INSERT INTO processed_effects (key) VALUES ('prune:new')`);
    await db.ds.query(
      `INSERT INTO stripe_events (id, type, received_at) VALUES ('evt_old', 'x', $1), ('evt_new', 'x', now())`,
      [old],
    );
    await db.ds.query(
      `INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at) VALUES
        (gen_random_uuid(), $1, gen_random_uuid(), $2, $4), (gen_random_uuid(), $1, gen_random_uuid(), $3, now())`,
      [userId, randomBytes(32).toString('hex'), randomBytes(32).toString('hex'), old],
    );
    await db.ds.query(`INSERT INTO audit_log (id, action, created_at) VALUES (gen_random_uuid(), 'prune.old', $1)`, [
      old,
    ]);
    const sessions = { idle: randomUUID(), active: randomUUID() };
    await db.ds.query(`INSERT INTO session_activity (session_id, last_active_at) VALUES ($1, $3), ($2, now())`, [
      sessions.idle,
      sessions.active,
      old,
    ]);

    await db.ds.query(
      `INSERT INTO support_messages (user_id, subject, message, created_at) VALUES
        ($1, 'Past communications', 'x', $2), ($1, 'Past bookkeeping', 'x', $3)`,
      [userId, new Date(cutoffs.communications.getTime() - DAY), old],
    );

    const holder = db.ds.createQueryRunner();
    await holder.startTransaction();
    try {
      await holder.query(`SELECT key FROM processed_effects WHERE key = 'prune:old:1' FOR UPDATE`);
      expect(await pruneRowsBefore(db.ds.manager, cutoffs)).toEqual({
        outbox: 1,
        processed_effects: 1001,
        stripe_events: 1,
        refresh_tokens: 1,
        session_activity: 1,
        support_messages: 1,
      });
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
    expect(await exists(`SELECT 1 FROM processed_effects WHERE key = 'prune:old:1'`, [])).toBe(true);
    expect(await exists(`SELECT 1 FROM processed_effects WHERE key = 'prune:new'`, [])).toBe(true);
    expect(await exists(`SELECT 1 FROM processed_effects WHERE key = 'prune:for-the-retry'`, [])).toBe(true);
    expect(await exists(`SELECT 1 FROM session_activity WHERE session_id = $1`, [sessions.idle])).toBe(false);
    expect(await exists(`SELECT 1 FROM session_activity WHERE session_id = $1`, [sessions.active])).toBe(true);
    expect(await exists(`SELECT 1 FROM outbox WHERE id = $1`, [ids.oldPublished])).toBe(false);
    expect(await exists(`SELECT 1 FROM outbox WHERE id = $1`, [ids.newPublished])).toBe(true);
    expect(await exists(`SELECT 1 FROM outbox WHERE id = $1`, [ids.oldUnpublished])).toBe(true);
    expect(await exists(`SELECT 1 FROM outbox WHERE id = $1`, [ids.oldUnhandled])).toBe(true);
    expect(await exists(`SELECT 1 FROM stripe_events WHERE id = 'evt_new'`, [])).toBe(true);
    expect(await exists(`SELECT 1 FROM audit_log WHERE action = 'prune.old'`, [])).toBe(true);
    expect(
      await exists(`SELECT 1 FROM support_messages WHERE user_id = $1 AND subject = 'Past bookkeeping'`, [userId]),
    ).toBe(true);
    expect(await pruneRowsBefore(db.ds.manager, cutoffs)).toEqual({
      outbox: 0,
      processed_effects: 1,
      stripe_events: 0,
      refresh_tokens: 0,
      session_activity: 0,
      support_messages: 0,
    });
    // The unpublished row would count in the outbox backlog below.
    await db.ds.query(`DELETE FROM outbox WHERE id = $1`, [ids.oldUnpublished]);
  });
});

describe('effect ledger', () => {
  it('runs an effect once per key; a failed effect rolls its claim back so the retry runs it', async () => {
    const key = `effect:${randomUUID()}`;
    let runs = 0;
    await expect(
      doEffectOnce(db.ds, key, async () => {
        runs++;
        throw new Error('SMTP down');
      }),
    ).rejects.toThrow('SMTP down');
    expect(await exists(`SELECT 1 FROM processed_effects WHERE key = $1`, [key])).toBe(false);
    expect(await doEffectOnce(db.ds, key, async () => void runs++)).toBe(true);
    expect(await doEffectOnce(db.ds, key, async () => void runs++)).toBe(false);
    expect(runs).toBe(2);
  });

  it("reads what the effect needs in the claim's transaction and hands it over, and not again once done", async () => {
    const key = `effect:${randomUUID()}`;
    // Counted inside the transaction, the claim not yet committed is already there: the read went after it.
    const claims = prepared('test-effect-claims', `SELECT count(*)::int AS n FROM processed_effects WHERE key = $1`);
    const read = async (tx: PipelinedTransaction) => (await tx.query<{ n: number }>(claims, [key]))[0].n;
    const seen: number[] = [];
    expect(await doEffectOnce(db.ds, key, async (n) => void seen.push(n), read)).toBe(true);
    expect(await doEffectOnce(db.ds, key, async (n) => void seen.push(n), read)).toBe(false);
    expect(seen).toEqual([1]);
  });

  it('makes a concurrent claim of the same key wait for the first and then skip', async () => {
    const key = `effect:${randomUUID()}`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let runs = 0;
    const first = doEffectOnce(db.ds, key, async () => {
      runs++;
      started();
      await held;
    });
    await running;
    const second = doEffectOnce(db.ds, key, async () => void runs++);
    // The second claim waits on the first's row lock before the first ends.
    await eventually(async () => (await lockWaits()) === 1, 'the second claim to wait on the first');
    release();
    expect(await Promise.all([first, second])).toEqual([true, false]);
    expect(runs).toBe(1);
  });
});

describe('outboxBacklog', () => {
  it('counts the unpublished events and the age of the oldest, zero when none waits', async () => {
    expect(await outboxBacklog(db.ds.manager)).toEqual({ pending: 0, lag: 0 });
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    await db.ds.query(
      `INSERT INTO outbox (id, type, payload, created_at, published_at) VALUES
        ($1, 'subscription.changed', '{}', now() - interval '90 seconds', NULL),
        ($2, 'subscription.changed', '{}', now(), NULL),
        ($3, 'subscription.changed', '{}', now() - interval '1 hour', now())`,
      ids,
    );
    const backlog = await outboxBacklog(db.ds.manager);
    expect(backlog.pending).toBe(2);
    expect(backlog.lag).toBeGreaterThanOrEqual(90);
    expect(backlog.lag).toBeLessThan(120);
    await db.ds.query(`UPDATE outbox SET published_at = now() WHERE id = ANY($1)`, [ids]);
    expect(await outboxBacklog(db.ds.manager)).toEqual({ pending: 0, lag: 0 });
  });
});
