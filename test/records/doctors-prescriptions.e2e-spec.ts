import type { Client } from 'pg';
import { MESSAGES, RECORD_MESSAGES } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { lockWaiter } from '../support/repository-db';
import { connectDb, newPatient, type Api } from './helpers';

let stack: TestStack;
let api: Api;
let db: Client;

beforeAll(async () => {
  // No worker: the outbox rows stay unpublished, so the test sees exactly what the API committed.
  stack = await startStack({ withWorker: false });
  api = apiClient(stack.apiUrl);
  db = await connectDb(stack);
});
afterAll(async () => {
  await db?.end();
  await stack?.close();
});

const doctor = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ann',
  lastName: 'Lee',
  specialty: 'Primary Care',
  phone: '(555) 222-3333',
  doctorAddress: '1 Clinic Way, Springfield',
  npiNumber: '1234567890',
  ...overrides,
});
const prescription = (overrides: Record<string, unknown> = {}) => ({
  medication: 'Eliquis',
  dosage: '5 mg',
  frequency: 'Twice daily',
  ...overrides,
});
const outboxFor = async (userId: string, type: string) =>
  (
    await db.query('SELECT payload FROM outbox WHERE user_id = $1 AND type = $2 ORDER BY created_at', [userId, type])
  ).rows.map((r) => r.payload);

describe('doctors', () => {
  it('creates in bulk, lists in the order added, updates and deletes', async () => {
    const p = await newPatient(api);
    const empty = await api.get('/doctors', p.token);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ doctors: [] });

    const created = await api.post(
      '/doctors/bulk',
      [
        doctor({ id: 'doctor-123', specialty: 'primary-care', npiNumber: '12-345-678-901-23', firstName: '  Ann ' }),
        doctor({ firstName: 'Bo', specialty: 'Cardiology', phone: '', npiNumber: '' }),
        doctor({ firstName: 'Cy', specialty: 'Other', phone: undefined, npiNumber: undefined }),
      ],
      p.token,
    );
    expect(created.status).toBe(201);
    expect(created.body.success).toBe(true);
    const [a, b, c] = created.body.data.doctors;
    expect(a).toMatchObject({
      firstName: 'Ann',
      specialty: 'Primary Care',
      npiNumber: '1234567890',
      phone: '5552223333',
    });
    expect(a.id).not.toBe('doctor-123');
    expect(b).toMatchObject({ firstName: 'Bo', specialty: 'Cardiology', npiNumber: null, phone: null });
    expect(c).toMatchObject({ firstName: 'Cy', npiNumber: null, phone: null });

    const list = await api.get('/doctors', p.token);
    expect(list.body.data.doctors.map((d: { firstName: string }) => d.firstName)).toEqual(['Ann', 'Bo', 'Cy']);

    const updated = await api.put(
      `/doctors/${b.id}`,
      doctor({ firstName: 'Bob', specialty: 'Urology', npiNumber: 'abc99' }),
      p.token,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data.doctor).toMatchObject({
      id: b.id,
      firstName: 'Bob',
      specialty: 'Urology',
      npiNumber: '99',
    });

    const removed = await api.delete(`/doctors/${c.id}`, p.token);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true, data: { success: true }, message: 'Doctor deleted' });
    const after = await api.get('/doctors', p.token);
    expect(after.body.data.doctors.map((d: { id: string }) => d.id)).toEqual([a.id, b.id]);
    expect((await api.delete(`/doctors/${c.id}`, p.token)).status).toBe(404);
  });

  it.each([
    ['0.firstName', { firstName: '   ' }, MESSAGES.doctorMissingFields],
    ['0.lastName', { lastName: undefined }, MESSAGES.doctorMissingFields],
    ['0.specialty', { specialty: ' ' }, MESSAGES.doctorMissingFields],
    ['0.doctorAddress', { doctorAddress: '' }, MESSAGES.doctorMissingFields],
    ['0.specialty', { specialty: 'Astrology' }, 'Please choose a specialty from the list'],
    ['0.phone', { phone: '012' }, MESSAGES.invalidPhone],
    ['0.firstName', { firstName: 'x'.repeat(101) }, 'First name must be at most 100 characters'],
  ])('refuses a doctor with a bad %s: 400 with the rule as the message', async (field, override, message) => {
    const p = await newPatient(api);
    const res = await api.post('/doctors/bulk', [doctor(override)], p.token);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(message);
    expect(res.body.error!.fields![field]).toBe(message);
    expect((await api.get('/doctors', p.token)).body.data.doctors).toEqual([]);
  });

  it('saves nothing when one row of the bulk is bad, and names that row', async () => {
    const p = await newPatient(api);
    const res = await api.post('/doctors/bulk', [doctor(), doctor({ doctorAddress: ' ' })], p.token);
    expect(res.status).toBe(400);
    expect(res.body.error!.fields).toEqual({ '1.doctorAddress': MESSAGES.doctorMissingFields });
    expect((await api.get('/doctors', p.token)).body.data.doctors).toEqual([]);
  });

  it('refuses a body that is not a list of 1-20 doctors', async () => {
    const p = await newPatient(api);
    expect((await api.post('/doctors/bulk', [], p.token)).body.message).toBe(RECORD_MESSAGES.atLeastOneDoctor);
    expect((await api.post('/doctors/bulk', doctor(), p.token)).status).toBe(400);
    const many = await api.post(
      '/doctors/bulk',
      Array.from({ length: 21 }, () => doctor()),
      p.token,
    );
    expect(many.status).toBe(400);
    expect(many.body.message).toBe(RECORD_MESSAGES.tooManyRows(20));
  });

  it('validates an update like a new doctor', async () => {
    const p = await newPatient(api);
    const [d] = (await api.post('/doctors/bulk', [doctor()], p.token)).body.data.doctors;
    const res = await api.put(`/doctors/${d.id}`, doctor({ lastName: ' ' }), p.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.doctorMissingFields);
    expect(res.body.error!.fields).toEqual({ lastName: MESSAGES.doctorMissingFields });
  });

  it('needs a login', async () => {
    expect((await api.get('/doctors')).status).toBe(401);
    expect((await api.post('/doctors/bulk', [doctor()])).status).toBe(401);
  });
});

describe('prescriptions', () => {
  it('adds in bulk with the doctor, writes prescription.added in the same transaction, and lists them', async () => {
    const p = await newPatient(api);
    const [d] = (await api.post('/doctors/bulk', [doctor()], p.token)).body.data.doctors;
    const res = await api.post(
      '/prescriptions/bulk',
      [
        prescription({ doctorId: d.id }),
        prescription({ medication: 'Ozempic', dosage: '1 mg', frequency: 'Weekly', doctorId: '' }),
      ],
      p.token,
    );
    expect(res.status).toBe(201);
    // A paid plan without a card yet: the answer sends the patient to save one (billing's tests cover the rest).
    expect(res.body.data.subscriptionUpdate.checkoutUrl).toMatch(/\/checkout\/cs_/);
    const [one, two] = res.body.data.prescriptions;
    expect(one).toMatchObject({
      medication: 'Eliquis',
      dosage: '5 mg',
      frequency: 'Twice daily',
      doctorId: d.id,
      doctor: { id: d.id, firstName: 'Ann', lastName: 'Lee', specialty: 'Primary Care', phone: '5552223333' },
    });
    expect(two).toMatchObject({ medication: 'Ozempic', doctorId: null, doctor: null });

    expect(await outboxFor(p.id, 'prescription.added')).toEqual([{ userId: p.id, prescriptionIds: [one.id, two.id] }]);

    const list = await api.get('/prescriptions', p.token);
    expect(list.status).toBe(200);
    expect(list.body.data.prescriptions).toEqual([one, two]);
    // The profile's count follows.
    expect((await api.get('/users/profile', p.token)).body.data.user.prescriptionCount).toBe(2);
  });

  it.each([
    ['0.medication', { medication: ' ' }, MESSAGES.prescriptionMissingFields],
    ['0.dosage', { dosage: undefined }, MESSAGES.prescriptionMissingFields],
    ['0.frequency', { frequency: '' }, MESSAGES.prescriptionMissingFields],
    ['0.frequency', { frequency: 'Hourly' }, 'Please choose a frequency from the list'],
    ['0.doctorId', { doctorId: 'doctor-1' }, RECORD_MESSAGES.chooseOwnDoctor],
  ])('refuses a prescription with a bad %s', async (field, override, message) => {
    const p = await newPatient(api);
    const res = await api.post('/prescriptions/bulk', [prescription(override)], p.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.error!.fields![field]).toBe(message);
  });

  it('keeps neither prescriptions nor an event when one row is bad or names a doctor of someone else', async () => {
    const p = await newPatient(api);
    const other = await newPatient(api);
    const [theirs] = (await api.post('/doctors/bulk', [doctor()], other.token)).body.data.doctors;

    const badRow = await api.post('/prescriptions/bulk', [prescription(), prescription({ dosage: '' })], p.token);
    expect(badRow.status).toBe(400);
    expect(badRow.body.error!.fields).toEqual({ '1.dosage': MESSAGES.prescriptionMissingFields });

    const foreign = await api.post(
      '/prescriptions/bulk',
      [prescription(), prescription({ doctorId: theirs.id })],
      p.token,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(RECORD_MESSAGES.chooseOwnDoctor);
    expect(foreign.body.error!.fields).toEqual({ '1.doctorId': RECORD_MESSAGES.chooseOwnDoctor });

    const missing = await api.post(
      '/prescriptions/bulk',
      [prescription({ doctorId: '00000000-0000-4000-8000-000000000000' })],
      p.token,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(RECORD_MESSAGES.chooseOwnDoctor);

    const rows = await db.query('SELECT count(*)::int AS n FROM prescriptions WHERE user_id = $1', [p.id]);
    expect(rows.rows[0].n).toBe(0);
    expect(await outboxFor(p.id, 'prescription.added')).toEqual([]);
  });

  it('rolls the rows back with the event when the database refuses a row mid-way', async () => {
    const p = await newPatient(api);
    // A real failure inside the transaction, after the first row is in: the second row's insert fails.
    await db.query(`
      CREATE OR REPLACE FUNCTION test_refuse_rx() RETURNS trigger AS $$
      BEGIN IF NEW.medication = 'RefuseMe' THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db.query(
      'CREATE TRIGGER test_refuse_rx BEFORE INSERT ON prescriptions FOR EACH ROW EXECUTE FUNCTION test_refuse_rx()',
    );
    try {
      const res = await api.post(
        '/prescriptions/bulk',
        [prescription(), prescription({ medication: 'RefuseMe' })],
        p.token,
      );
      expect(res.status).toBe(500);
      expect(res.body.message).toBe(MESSAGES.internalError);
    } finally {
      await db.query('DROP TRIGGER test_refuse_rx ON prescriptions');
    }
    const rows = await db.query('SELECT count(*)::int AS n FROM prescriptions WHERE user_id = $1', [p.id]);
    expect(rows.rows[0].n).toBe(0);
    expect(await outboxFor(p.id, 'prescription.added')).toEqual([]);
  });

  it('updates with the same rules, and may set, change or clear the doctor', async () => {
    const p = await newPatient(api);
    const [d1, d2] = (await api.post('/doctors/bulk', [doctor(), doctor({ firstName: 'Zed' })], p.token)).body.data
      .doctors;
    const [rx] = (await api.post('/prescriptions/bulk', [prescription({ doctorId: d1.id })], p.token)).body.data
      .prescriptions;

    const changed = await api.put(
      `/prescriptions/${rx.id}`,
      prescription({ dosage: '10 mg', doctorId: d2.id }),
      p.token,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.prescription).toMatchObject({
      id: rx.id,
      dosage: '10 mg',
      doctorId: d2.id,
      doctor: { firstName: 'Zed' },
    });

    // An id in capitals names the same doctor.
    const shouted = await api.put(`/prescriptions/${rx.id}`, prescription({ doctorId: d1.id.toUpperCase() }), p.token);
    expect(shouted.status).toBe(200);
    expect(shouted.body.data.prescription).toMatchObject({ doctorId: d1.id, doctor: { firstName: 'Ann' } });

    // doctorId is sent only if set: without it the prescription has no doctor.
    const cleared = await api.put(`/prescriptions/${rx.id}`, prescription(), p.token);
    expect(cleared.body.data.prescription).toMatchObject({ doctorId: null, doctor: null });

    const bad = await api.put(`/prescriptions/${rx.id}`, prescription({ frequency: ' ' }), p.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MESSAGES.prescriptionMissingFields);
    expect(bad.body.error!.fields).toEqual({ frequency: MESSAGES.prescriptionMissingFields });

    const other = await newPatient(api);
    const [theirs] = (await api.post('/doctors/bulk', [doctor()], other.token)).body.data.doctors;
    const foreign = await api.put(`/prescriptions/${rx.id}`, prescription({ doctorId: theirs.id }), p.token);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error!.fields).toEqual({ doctorId: RECORD_MESSAGES.chooseOwnDoctor });
  });

  it("refuses a save past the plan's 100 prescriptions with 409, writing nothing; two tabs at once cannot both pass", async () => {
    const p = await newPatient(api);
    const count = async () =>
      (await db.query('SELECT count(*)::int AS n FROM prescriptions WHERE user_id = $1', [p.id])).rows[0].n;
    // 98 in all (written directly: the limit is the subject here, not how they came).
    await db.query(
      `INSERT INTO prescriptions (user_id, medication, dosage, frequency)
       SELECT $1, 'Eliquis', '5 mg', 'Twice daily' FROM generate_series(1, $2::int)`,
      [p.id, 98 - (await count())],
    );
    const three = await api.post('/prescriptions/bulk', [prescription(), prescription(), prescription()], p.token);
    expect([three.status, three.body.error?.code, three.body.message]).toEqual([
      409,
      'prescription-limit',
      RECORD_MESSAGES.tooManyPrescriptions(100),
    ]);
    expect(await count()).toBe(98);
    expect(await outboxFor(p.id, 'prescription.added')).toEqual([]);
    expect((await api.post('/prescriptions/bulk', [prescription()], p.token)).status).toBe(201);

    // 99 now: two tabs add one each while a third transaction holds the patient's row; one of them gets the 100th.
    const holder = await connectDb(stack);
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [p.id]);
      const saves = [1, 2].map(() => api.post('/prescriptions/bulk', [prescription()], p.token));
      for (;;) {
        const { rows } = await db.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND datname = current_database() AND query ~ 'FROM users'`,
        );
        if (rows[0].n >= 2) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await holder.query('COMMIT');
      expect((await Promise.all(saves)).map((r) => r.status).sort()).toEqual([201, 409]);
    } finally {
      await holder.end();
    }
    expect(await count()).toBe(100);
    const spanish = await api.call('POST', '/prescriptions/bulk', [prescription()], p.token, {
      'Accept-Language': 'es',
    });
    expect(spanish.body.message).toBe(
      'Un plan cubre como máximo 100 recetas. Borre una que ya no use antes de agregar otra.',
    );
  });

  it("an edit naming the doctor another tab is deleting waits for the deletion and is refused, never a deadlock's 500", async () => {
    const p = await newPatient(api);
    const [d] = (await api.post('/doctors/bulk', [doctor()], p.token)).body.data.doctors;
    const [rx] = (await api.post('/prescriptions/bulk', [prescription({ doctorId: d.id })], p.token)).body.data
      .prescriptions;
    // The other tab's deletion, held open: the doctor's row is locked as DELETE /doctors/{id} locks it.
    const deleting = await connectDb(stack);
    try {
      await deleting.query('BEGIN');
      await deleting.query('SELECT 1 FROM doctors WHERE id = $1 FOR UPDATE', [d.id]);
      const edit = api.put(`/prescriptions/${rx.id}`, prescription({ dosage: '10 mg', doctorId: d.id }), p.token);
      await lockWaiter(stack.settings.DATABASE_URL, undefined, 'doctors');
      // The deletion goes on: its foreign key clears the prescription's doctor, which needs the prescription's row.
      await deleting.query(`SET LOCAL lock_timeout = '5s'`);
      await deleting.query('DELETE FROM doctors WHERE id = $1', [d.id]);
      await deleting.query('COMMIT');
      const res = await edit;
      expect(res.status).toBe(400);
      expect(res.body.error!.fields).toEqual({ doctorId: RECORD_MESSAGES.chooseOwnDoctor });
    } finally {
      await deleting.end();
    }
    const [kept] = (await api.get('/prescriptions', p.token)).body.data.prescriptions;
    expect(kept).toMatchObject({ id: rx.id, dosage: '5 mg', doctorId: null });
  });

  it("an edit that PostgreSQL picks as a deadlock's victim answers 503 to try again, writing nothing", async () => {
    const p = await newPatient(api);
    const [d] = (await api.post('/doctors/bulk', [doctor()], p.token)).body.data.doctors;
    const [rx] = (await api.post('/prescriptions/bulk', [prescription({ doctorId: d.id })], p.token)).body.data
      .prescriptions;
    // Another writer holds the prescription and then wants the doctor the edit holds: a cycle. This session waits
    // longer than PostgreSQL's check (1 s), so the edit's own check finds the cycle and its transaction is rolled back.
    const other = await connectDb(stack);
    try {
      await other.query('BEGIN');
      await other.query(`SET LOCAL deadlock_timeout = '30s'`);
      await other.query('SELECT 1 FROM prescriptions WHERE id = $1 FOR UPDATE', [rx.id]);
      const edit = api.put(`/prescriptions/${rx.id}`, prescription({ dosage: '10 mg', doctorId: d.id }), p.token);
      await lockWaiter(stack.settings.DATABASE_URL, undefined, 'prescriptions');
      const locking = other.query('SELECT 1 FROM doctors WHERE id = $1 FOR UPDATE', [d.id]);
      const res = await edit;
      expect({ status: res.status, code: res.body.error?.code, message: res.body.message }).toEqual({
        status: 503,
        code: 'service-unavailable',
        message: MESSAGES.serviceUnavailable,
      });
      expect(res.headers.get('retry-after')).toBe('1');
      await locking;
      await other.query('ROLLBACK');
    } finally {
      await other.end();
    }
    const [kept] = (await api.get('/prescriptions', p.token)).body.data.prescriptions;
    expect(kept).toMatchObject({ id: rx.id, dosage: '5 mg', doctorId: d.id });
    // Sent again, it passes.
    expect((await api.put(`/prescriptions/${rx.id}`, prescription({ dosage: '10 mg' }), p.token)).status).toBe(200);
  });

  it('deletes with prescription.removed in the same transaction; a deleted doctor leaves its prescriptions', async () => {
    const p = await newPatient(api);
    const [d] = (await api.post('/doctors/bulk', [doctor()], p.token)).body.data.doctors;
    const [rx1, rx2] = (
      await api.post(
        '/prescriptions/bulk',
        [prescription({ doctorId: d.id }), prescription({ medication: 'Humira' })],
        p.token,
      )
    ).body.data.prescriptions;

    const res = await api.delete(`/prescriptions/${rx2.id}`, p.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { success: true }, message: 'Prescription deleted' });
    expect(await outboxFor(p.id, 'prescription.removed')).toEqual([{ userId: p.id, prescriptionIds: [rx2.id] }]);

    expect((await api.delete(`/doctors/${d.id}`, p.token)).status).toBe(200);
    const list = await api.get('/prescriptions', p.token);
    expect(list.body.data.prescriptions).toEqual([
      expect.objectContaining({ id: rx1.id, doctorId: null, doctor: null }),
    ]);
  });
});
