import { randomBytes } from 'node:crypto';
import { addDays, refillDueAt, toIsoDate } from '@rxbridge/domain';
import {
  cancelApplicationOfPrescription,
  changeApplicationState,
  noteOnApplication,
  applicationWithMedication,
  openApplications,
  recordTimelineEntry,
} from '@rxbridge/applications';
import { migratedDatabase } from '../support/repository-db';

// The application lifecycle's use-cases of libs/applications against a real, migrated PostgreSQL,
// with no API or worker: a rule of docs/product.md §5 changed in libs/domain or libs/applications
// fails here in seconds (docs/architecture.md §12).
const db = migratedDatabase();

const SYSTEM = { id: null, role: 'SYSTEM' as const };

/** A patient with prescriptions of these medications, and their applications opened. */
async function patientWithApplications(...medications: string[]) {
  const [{ id: userId }] = await db.ds.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, phone, date_of_birth, gender, mailing_street,
       mailing_city, mailing_state, mailing_zip, role, tier)
     VALUES ($1, 'x', 'Maria', 'Lopez', '5551234567', '1968-04-12', 'Female', '1 Oak St', 'Springfield', 'IL',
       '62701', 'USER', 'ONGOING_CARE') RETURNING id`,
    [`l.${randomBytes(4).toString('hex')}@example.com`],
  );
  const prescriptionIds: string[] = [];
  for (const medication of medications) {
    const [{ id }] = await db.ds.query(`INSERT INTO prescriptions (user_id, medication) VALUES ($1, $2) RETURNING id`, [
      userId,
      medication,
    ]);
    prescriptionIds.push(id);
  }
  await db.ds.transaction((m) => openApplications(m, userId, prescriptionIds));
  const apps: { id: string; state: string; program_id: string | null }[] = await db.ds.query(
    `SELECT id, state, program_id FROM applications WHERE user_id = $1 ORDER BY created_at`,
    [userId],
  );
  return { userId, prescriptionIds, apps };
}

const timeline = async (applicationId: string) =>
  (
    await db.ds.query(
      `SELECT from_state, to_state, actor_role, note FROM application_transitions WHERE application_id = $1 ORDER BY created_at, id`,
      [applicationId],
    )
  ).map((r: Record<string, string>) => [r.from_state, r.to_state]);
const events = async (applicationId: string) =>
  (
    await db.ds.query(
      `SELECT type, push IS NOT NULL AS pushed, push_after IS NOT NULL AS grace FROM outbox WHERE payload->>'applicationId' = $1 ORDER BY created_at`,
      [applicationId],
    )
  ).map((r: { type: string; pushed: boolean; grace: boolean }) => `${r.type}${r.pushed && r.grace ? '+push' : ''}`);

describe('openApplications', () => {
  it('opens one application per prescription in INTAKE, matched to its program, once however often it runs', async () => {
    const { userId, prescriptionIds, apps } = await patientWithApplications('Eliquis', 'Notarealdrugzumab');
    expect(apps.map((a) => a.state)).toEqual(['INTAKE', 'INTAKE']);
    expect(apps[0].program_id).not.toBeNull();
    expect(apps[1].program_id).toBeNull();
    await db.ds.transaction((m) => openApplications(m, userId, prescriptionIds));
    expect(await db.ds.query(`SELECT count(*)::int AS n FROM applications WHERE user_id = $1`, [userId])).toEqual([
      { n: 2 },
    ]);
    expect(await timeline(apps[0].id)).toEqual([[null, 'INTAKE']]);
    expect(await events(apps[0].id)).toEqual(['application.created+push']);
    const checklist = await db.ds.query(
      `SELECT count(*)::int AS n FROM application_documents WHERE application_id = $1`,
      [apps[0].id],
    );
    expect(checklist[0].n).toBeGreaterThan(0);
  });
});

describe('changeApplicationState', () => {
  it('writes the state, its timeline entry and its event with the push, or nothing', async () => {
    const { apps } = await patientWithApplications('Eliquis');
    const id = apps[0].id;
    const done = await changeApplicationState(db.ds.manager, {
      applicationId: id,
      toState: 'AWAITING_DOCUMENTS',
      note: 'Need proof of income',
      actor: SYSTEM,
    });
    expect(done.application.state).toBe('AWAITING_DOCUMENTS');
    expect(done.update).toMatchObject({ state: 'AWAITING_DOCUMENTS', previousState: 'INTAKE' });
    expect(done.update.at).toBe(done.entry.createdAt.toISOString());
    expect(await timeline(id)).toEqual([
      [null, 'INTAKE'],
      ['INTAKE', 'AWAITING_DOCUMENTS'],
    ]);
    expect(await events(id)).toEqual(['application.created+push', 'application.transitioned+push']);

    // An illegal move is a 409 and writes nothing.
    await expect(
      changeApplicationState(db.ds.manager, { applicationId: id, toState: 'DELIVERED', note: '', actor: SYSTEM }),
    ).rejects.toMatchObject({ status: 409 });
    // A stale one too, naming who moved it.
    await expect(
      changeApplicationState(db.ds.manager, {
        applicationId: id,
        fromState: 'INTAKE',
        toState: 'SUBMITTED',
        note: '',
        actor: SYSTEM,
      }),
    ).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/by the system/) });
    expect(await timeline(id)).toHaveLength(2);
  });

  it("names who moved the case in a stale move's refusal, not who wrote the latest note", async () => {
    const { userId, apps } = await patientWithApplications('Eliquis');
    const id = apps[0].id;
    const navigator = { id: userId, role: 'NAVIGATOR' as const };
    await changeApplicationState(db.ds.manager, {
      applicationId: id,
      toState: 'AWAITING_DOCUMENTS',
      note: '',
      actor: navigator,
    });
    // Since then, a note of the system's (the prescriber signed online, a document was asked for).
    await recordTimelineEntry(db.ds.manager, {
      applicationId: id,
      fromState: 'AWAITING_DOCUMENTS',
      toState: 'AWAITING_DOCUMENTS',
      actorId: null,
      actorRole: 'SYSTEM',
      note: 'Signed by the prescriber',
      details: {},
    });
    const stale = { applicationId: id, fromState: 'INTAKE' as const, toState: 'CANCELLED' as const, note: '' };
    await expect(changeApplicationState(db.ds.manager, { ...stale, actor: navigator })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/by someone else/),
    });
  });

  it('refuses an enrollment ending before it starts and a scheduled shipment without its supply (400), then writes them', async () => {
    const { apps } = await patientWithApplications('Eliquis');
    const id = apps[0].id;
    for (const toState of ['AWAITING_DOCUMENTS', 'AWAITING_PRESCRIBER', 'SUBMITTED'] as const) {
      await changeApplicationState(db.ds.manager, { applicationId: id, toState, note: '', actor: SYSTEM });
    }
    // Dates from today: an enrollment must end after today, so fixed dates would expire.
    const startsOn = toIsoDate(addDays(new Date(), 5));
    const endsOn = toIsoDate(addDays(startsOn, 364));
    const shipmentDate = toIsoDate(addDays(startsOn, 4));
    await expect(
      changeApplicationState(db.ds.manager, {
        applicationId: id,
        toState: 'APPROVED',
        note: '',
        actor: SYSTEM,
        details: { enrollmentStartsOn: startsOn, enrollmentEndsOn: toIsoDate(addDays(startsOn, -1)) },
      }),
    ).rejects.toMatchObject({ status: 400 });
    await changeApplicationState(db.ds.manager, {
      applicationId: id,
      toState: 'APPROVED',
      note: '',
      actor: SYSTEM,
      details: { enrollmentStartsOn: startsOn, enrollmentEndsOn: endsOn },
    });
    const shipped = await changeApplicationState(db.ds.manager, {
      applicationId: id,
      toState: 'SHIPMENT_SCHEDULED',
      note: '',
      actor: SYSTEM,
      details: { shipmentDate, daysOfSupply: 90 },
    });
    expect(shipped.shipment).toMatchObject({
      shipmentDate,
      daysOfSupply: 90,
      refillDueAt: toIsoDate(refillDueAt(shipmentDate, 90)),
    });
    const [row] = await db.ds.query(
      `SELECT enrollment_start_date::text AS s, enrollment_end_date::text AS e FROM applications WHERE id = $1`,
      [id],
    );
    expect(row).toEqual({ s: startsOn, e: endsOn });
  });

  it('commits with the caller: rolled back, the change and its event are gone', async () => {
    const { apps } = await patientWithApplications('Eliquis');
    const id = apps[0].id;
    await expect(
      db.ds.transaction(async (m) => {
        await changeApplicationState(m, { applicationId: id, toState: 'AWAITING_DOCUMENTS', note: '', actor: SYSTEM });
        throw new Error('the caller fails after the change');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await timeline(id)).toEqual([[null, 'INTAKE']]);
    expect(await events(id)).toEqual(['application.created+push']);
  });
});

describe('cancelApplicationOfPrescription and notes', () => {
  it('cancels an open application and keeps its timeline; a note leaves the state as it is', async () => {
    const { userId, prescriptionIds, apps } = await patientWithApplications('Eliquis');
    const id = apps[0].id;
    await db.ds.transaction(async (m) => {
      const found = await applicationWithMedication(m, id, { lock: true });
      await noteOnApplication(
        m,
        found,
        { actorId: null, actorRole: 'SYSTEM', note: 'Prescriber signed', details: {} },
        'application.prescriber_signed',
        { applicationId: id, userId, requestId: id },
      );
    });
    await db.ds.transaction((m) => cancelApplicationOfPrescription(m, userId, prescriptionIds[0]));
    // Cancelled already: nothing more.
    await db.ds.transaction((m) => cancelApplicationOfPrescription(m, userId, prescriptionIds[0]));
    expect(await timeline(id)).toEqual([
      [null, 'INTAKE'],
      ['INTAKE', 'INTAKE'],
      ['INTAKE', 'CANCELLED'],
    ]);
  });

  it('records a timeline entry with its time', async () => {
    const { apps } = await patientWithApplications('Eliquis');
    const entry = await db.ds.transaction((m) =>
      recordTimelineEntry(m, {
        applicationId: apps[0].id,
        fromState: 'INTAKE',
        toState: 'INTAKE',
        actorId: null,
        actorRole: 'SYSTEM',
        note: 'A note',
        details: { n: 1 },
      }),
    );
    expect(entry.createdAt).toBeInstanceOf(Date);
    expect(await timeline(apps[0].id)).toHaveLength(2);
  });
});
