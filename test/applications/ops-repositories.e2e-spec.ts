import { randomBytes } from 'node:crypto';
import { findUser, findPasswordReset } from '@rxbridge/accounts';
import {
  decisionDaysMedian,
  decisionsPerProgram,
  findPrescriberRequest,
  latestShipment,
  mailablePrescriberRequest,
  openPrescriberRequests,
  statesAtEndOfDays,
  statusEmailContext,
} from '@rxbridge/applications';
import { migratedDatabase } from '../support/repository-db';

// The worker's and the insights' reads of applications, prescriber requests and accounts against a
// real, migrated PostgreSQL, without API or worker (docs/architecture.md §12).
const db = migratedDatabase();

const DAY = 86_400_000;

async function patient(): Promise<string> {
  const [{ id }] = await db.ds.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, phone, date_of_birth, gender, mailing_street,
       mailing_city, mailing_state, mailing_zip, role, tier)
     VALUES ($1, 'x', 'Maria', 'Lopez', '5551234567', '1968-04-12', 'Female', '1 Oak St', 'Springfield', 'IL',
       '62701', 'USER', 'ONGOING_CARE') RETURNING id`,
    [`o.${randomBytes(4).toString('hex')}@example.com`],
  );
  return id;
}

/** An application of a new prescription of `medication`; the application's own name differs. */
async function application(userId: string, state = 'INTAKE', programId: string | null = null): Promise<string> {
  const [{ id: prescriptionId }] = await db.ds.query(
    `INSERT INTO prescriptions (user_id, medication) VALUES ($1, 'Eliquis') RETURNING id`,
    [userId],
  );
  const [{ id }] = await db.ds.query(
    `INSERT INTO applications (user_id, prescription_id, medication, state, program_id)
     VALUES ($1, $2, 'Eliquis (as opened)', $3, $4) RETURNING id`,
    [userId, prescriptionId, state, programId],
  );
  return id;
}

/** A timeline entry at `daysAgo` days before today's UTC midnight, plus `hours`. */
async function transition(applicationId: string, toState: string, daysAgo: number, hours = 12): Promise<string> {
  const [{ id }] = await db.ds.query(
    `INSERT INTO application_transitions (application_id, to_state, actor_role, created_at)
     VALUES ($1, $2, 'SYSTEM', date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
                               - make_interval(days => $3) + make_interval(hours => $4))
     RETURNING id`,
    [applicationId, toState, daysAgo, hours],
  );
  return id;
}

const utcDate = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

// First: the insights count every application of the database, so none of the other tests' yet.
describe('insights', () => {
  beforeAll(async () => {
    const userId = await patient();
    const approved = await application(userId, 'APPROVED', 'test-program');
    await transition(approved, 'INTAKE', 4);
    await transition(approved, 'SUBMITTED', 3);
    await transition(approved, 'APPROVED', 1);
    const denied = await application(userId, 'DENIED');
    await transition(denied, 'INTAKE', 6);
    await transition(denied, 'SUBMITTED', 5);
    await transition(denied, 'DENIED', 1);
    // Denied without a submission: not a decision of the median or the per-program counts.
    const unsubmitted = await application(userId, 'DENIED', 'test-program');
    await transition(unsubmitted, 'INTAKE', 6);
    await transition(unsubmitted, 'DENIED', 2);
  });

  it('counts the applications in each state at the end of each UTC day', async () => {
    const rows = await statesAtEndOfDays(db.ds.manager, 7);
    const byDate = new Map<string, Record<string, number>>();
    for (const { date, state, n } of rows) {
      if (state) byDate.set(date, { ...byDate.get(date), [state]: n });
    }
    expect(new Set(rows.map((r) => r.date)).size).toBe(7);
    expect(byDate.get(utcDate(6))).toEqual({ INTAKE: 2 });
    expect(byDate.get(utcDate(5))).toEqual({ INTAKE: 1, SUBMITTED: 1 });
    expect(byDate.get(utcDate(3))).toEqual({ INTAKE: 1, SUBMITTED: 2 });
    expect(byDate.get(utcDate(2))).toEqual({ DENIED: 1, SUBMITTED: 2 });
    expect(byDate.get(utcDate(0))).toEqual({ APPROVED: 1, DENIED: 2 });
  });

  it('takes the median days from the first submission to the first decision after it', async () => {
    expect(await decisionDaysMedian(db.ds.manager)).toEqual({ median: 3, count: 2 });
  });

  it('counts those decisions per program', async () => {
    const rows = await decisionsPerProgram(db.ds.manager);
    expect(rows.sort((a, b) => String(a.program_id).localeCompare(String(b.program_id)))).toEqual([
      { program_id: null, approved: 0, denied: 1 },
      { program_id: 'test-program', approved: 1, denied: 0 },
    ]);
  });
});

describe('application emails', () => {
  it("reads the patient, their language, whether they verified their email, and the prescription's medication", async () => {
    const userId = await patient();
    const applicationId = await application(userId, 'SUBMITTED');
    const [{ email }] = await db.ds.query(`SELECT email FROM users WHERE id = $1`, [userId]);
    expect(await statusEmailContext(db.ds.manager, userId, applicationId)).toEqual({
      email,
      firstName: 'Maria',
      verified: false,
      medication: 'Eliquis',
      language: 'en',
    });
    await db.ds.query(`UPDATE users SET email_verified_at = now(), preferred_language = 'es' WHERE id = $1`, [userId]);
    expect(await statusEmailContext(db.ds.manager, userId, applicationId)).toMatchObject({
      verified: true,
      language: 'es',
    });
    expect(await statusEmailContext(db.ds.manager, await patient(), '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it("finds an application's latest shipment as of a time, or none", async () => {
    const applicationId = await application(await patient(), 'DELIVERED');
    expect(await latestShipment(db.ds.manager, applicationId, new Date())).toBeNull();
    // Written two hours and one hour ago.
    for (const [date, days, hoursAgo] of [
      ['2026-01-01', 30, 2],
      ['2026-02-01', 90, 1],
    ] as const) {
      const transitionId = await transition(applicationId, 'DELIVERED', 0);
      await db.ds.query(
        `INSERT INTO application_shipments
           (application_id, transition_id, shipment_date, days_of_supply, refill_due_at, created_at)
         VALUES ($1, $2, $3, $4, $3, now() - make_interval(hours => $5))`,
        [applicationId, transitionId, date, days, hoursAgo],
      );
    }
    expect(await latestShipment(db.ds.manager, applicationId, new Date())).toMatchObject({ daysOfSupply: 90 });
    // As of 90 minutes ago (a refill move before the next shipment was scheduled): the first.
    const before = new Date(Date.now() - 90 * 60_000);
    expect(await latestShipment(db.ds.manager, applicationId, before)).toMatchObject({ daysOfSupply: 30 });
  });
});

describe('prescriber requests', () => {
  async function request(applicationId: string, changes: { expiresInDays?: number; used?: boolean } = {}) {
    const [{ id }] = await db.ds.query(
      `INSERT INTO prescriber_requests (application_id, email, token_hash, expires_at, used_at)
       VALUES ($1, 'dr@example.com', $2, now() + make_interval(days => $3), $4) RETURNING id`,
      [applicationId, randomBytes(32).toString('hex'), changes.expiresInDays ?? 14, changes.used ? new Date() : null],
    );
    return id as string;
  }

  it('lists the requests neither used nor expired, and finds one by id', async () => {
    const applicationId = await application(await patient(), 'AWAITING_PRESCRIBER');
    const open = await request(applicationId);
    const used = await request(applicationId, { used: true });
    const expired = await request(applicationId, { expiresInDays: -1 });
    const listed = (await openPrescriberRequests(db.ds.manager, new Date())).map((r) => r.id);
    expect(listed).toContain(open);
    expect(listed).not.toContain(used);
    expect(listed).not.toContain(expired);
    expect(await findPrescriberRequest(db.ds.manager, used)).toMatchObject({ id: used, applicationId });
    expect(await findPrescriberRequest(db.ds.manager, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('is worth mailing only while unused, unexpired, unsigned and the case open', async () => {
    const applicationId = await application(await patient(), 'AWAITING_PRESCRIBER');
    const open = await request(applicationId);
    const now = Date.now();
    expect(await mailablePrescriberRequest(db.ds.manager, open, now)).toMatchObject({
      id: open,
      email: 'dr@example.com',
    });
    expect(await mailablePrescriberRequest(db.ds.manager, open, now + 15 * DAY)).toBeNull();
    expect(
      await mailablePrescriberRequest(db.ds.manager, await request(applicationId, { used: true }), now),
    ).toBeNull();

    const signed = await request(applicationId);
    await db.ds.query(
      `INSERT INTO prescriber_signatures (application_id, request_id, name, npi, ip_address, user_agent, packet_sha256)
       VALUES ($1, $2, 'Dr Who', '1234567893', '127.0.0.1', 'jest', $3)`,
      [applicationId, signed, randomBytes(32).toString('hex')],
    );
    // Signed through another link: this one is no longer worth mailing either.
    expect(await mailablePrescriberRequest(db.ds.manager, open, now)).toBeNull();

    const cancelled = await application(await patient(), 'CANCELLED');
    expect(await mailablePrescriberRequest(db.ds.manager, await request(cancelled), now)).toBeNull();
  });
});

describe('account emails', () => {
  it('finds the recipient and the password reset by id, or null', async () => {
    const userId = await patient();
    expect(await findUser(db.ds.manager, userId)).toMatchObject({ id: userId, firstName: 'Maria' });
    expect(await findUser(db.ds.manager, '00000000-0000-4000-8000-000000000000')).toBeNull();
    const [{ id: resetId }] = await db.ds.query(
      `INSERT INTO password_resets (user_id, via, expires_at, used_at) VALUES ($1, 'code', now() + interval '1 hour', now())
       RETURNING id`,
      [userId],
    );
    const reset = await findPasswordReset(db.ds.manager, resetId);
    expect(reset).toMatchObject({ id: resetId, userId, via: 'code' });
    expect(reset?.usedAt).toBeInstanceOf(Date);
    expect(await findPasswordReset(db.ds.manager, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
