import { randomUUID } from 'node:crypto';
import type { DoctorPayload, PrescriptionPayload } from '@rxbridge/contracts';
import { AuditLogEntry, Doctor, Insurance, Prescription, insertAuditEntry } from '@rxbridge/database';
import {
  addInsurance,
  countPrescriptions,
  deleteDoctor,
  deleteInsurance,
  deletePrescription,
  findDoctors,
  findOwnedRecord,
  findRecord,
  insertDoctor,
  insertDoctors,
  insertInsurance,
  insertPrescription,
  insertPrescriptions,
  listDoctors,
  listInsurance,
  lockOwnDoctorIds,
  prescriptionViews,
  updateDoctor,
  updatePrescription,
} from '@rxbridge/records';
import { migratedDatabase, newUserRow, waitsForLock } from '../support/repository-db';

/** The repositories of libs/records against a real, migrated PostgreSQL. */
const db = migratedDatabase();

const doctor = (lastName: string): DoctorPayload => ({
  firstName: 'Ann',
  lastName,
  specialty: 'Cardiology',
  phone: null,
  doctorAddress: '1 Main St',
  npiNumber: null,
});
const prescription = (medication: string, doctorId: string | null = null): PrescriptionPayload => ({
  medication,
  dosage: '10 mg',
  frequency: 'Once daily',
  doctorId,
  diagnosisCode: null,
  quantity: null,
  daysSupply: null,
});

describe('doctors', () => {
  it('keeps a bulk save in the order given, and lists and finds only the user’s own', async () => {
    const [me, other] = [await newUserRow(db.ds.manager), await newUserRow(db.ds.manager)];
    const ids = await db.ds.transaction((m) => insertDoctors(m, me, ['C', 'A', 'B'].map(doctor)));
    const [theirs] = await insertDoctors(db.ds.manager, other, [doctor('Z')]);
    expect((await listDoctors(db.ds.manager, me)).map((d) => d.lastName)).toEqual(['C', 'A', 'B']);
    expect((await listDoctors(db.ds.manager, me)).map((d) => d.id)).toEqual(ids);
    expect((await findDoctors(db.ds.manager, me, [ids[2], theirs])).map((d) => d.lastName)).toEqual(['B']);
  });

  it('updates the row and returns it as saved; deletes only the user’s own row', async () => {
    const [me, other] = [await newUserRow(db.ds.manager), await newUserRow(db.ds.manager)];
    const [id] = await insertDoctors(db.ds.manager, me, [doctor('Old')]);
    const row = (await findOwnedRecord(db.ds.manager, Doctor, id, me))!;
    const saved = await updateDoctor(db.ds.manager, row, { ...doctor('New'), npiNumber: '1234567890' });
    expect([saved.lastName, saved.npiNumber]).toEqual(['New', '1234567890']);
    expect((await db.ds.manager.findOneByOrFail(Doctor, { id })).lastName).toBe('New');
    await deleteDoctor(db.ds.manager, id, other);
    expect(await db.ds.manager.existsBy(Doctor, { id })).toBe(true);
    await deleteDoctor(db.ds.manager, id, me);
    expect(await db.ds.manager.existsBy(Doctor, { id })).toBe(false);
  });

  it('locks the user’s own doctors among those asked for (FOR SHARE) until commit', async () => {
    const [me, other] = [await newUserRow(db.ds.manager), await newUserRow(db.ds.manager)];
    const [mine] = await insertDoctors(db.ds.manager, me, [doctor('Mine')]);
    const [theirs] = await insertDoctors(db.ds.manager, other, [doctor('Theirs')]);
    expect(await lockOwnDoctorIds(db.ds.manager, me, [])).toEqual(new Set());
    await db.ds.transaction(async (m) => {
      expect(await lockOwnDoctorIds(m, me, [mine, theirs])).toEqual(new Set([mine]));
      expect(await waitsForLock(db.ds, 'DELETE FROM doctors WHERE id = $1', [mine])).toBe(true);
      expect(await waitsForLock(db.ds, 'DELETE FROM doctors WHERE id = $1', [theirs])).toBe(false);
    });
  });

  it('inserts a signup’s doctor with the transaction’s time', async () => {
    const me = await newUserRow(db.ds.manager);
    await db.ds.transaction(async (m) => {
      for (const name of ['X', 'Y'])
        await insertDoctor(m, { ...doctor(name), userId: me, phone: null, npiNumber: null });
    });
    const rows = await listDoctors(db.ds.manager, me);
    expect(rows.map((d) => d.lastName).sort()).toEqual(['X', 'Y']);
    expect(rows[0].createdAt).toEqual(rows[1].createdAt);
  });
});

describe('prescriptions', () => {
  it('reads the views with the user’s own doctor only, in order, all or those of ids', async () => {
    const [me, other] = [await newUserRow(db.ds.manager), await newUserRow(db.ds.manager)];
    const [mine] = await insertDoctors(db.ds.manager, me, [doctor('House')]);
    const [theirs] = await insertDoctors(db.ds.manager, other, [doctor('Who')]);
    const ids = await insertPrescriptions(db.ds.manager, me, [prescription('B', mine), prescription('A')]);
    // A bad row pointing at someone else's doctor shows no doctor.
    const [odd] = await insertPrescriptions(db.ds.manager, me, [prescription('C')]);
    await db.ds.query('UPDATE prescriptions SET doctor_id = $1 WHERE id = $2', [theirs, odd]);
    const views = await prescriptionViews(db.ds.manager, me);
    expect(views.map((v) => [v.medication, v.doctor?.lastName ?? null])).toEqual([
      ['B', 'House'],
      ['A', null],
      ['C', null],
    ]);
    expect(views[0]).toMatchObject({ id: ids[0], doctorId: mine, dosage: '10 mg', frequency: 'Once daily' });
    expect(typeof views[0].createdAt).toBe('string');
    expect((await prescriptionViews(db.ds.manager, me, [ids[1]])).map((v) => v.id)).toEqual([ids[1]]);
    expect(await prescriptionViews(db.ds.manager, other, ids)).toEqual([]);
  });

  it('answers lists asked for together each with its own rows (one batched read)', async () => {
    const [a, b] = [await newUserRow(db.ds.manager), await newUserRow(db.ds.manager)];
    await insertPrescriptions(db.ds.manager, a, [prescription('ForA')]);
    await insertPrescriptions(db.ds.manager, b, [prescription('ForB1'), prescription('ForB2')]);
    const [forA, forB] = await Promise.all([prescriptionViews(db.ds.manager, a), prescriptionViews(db.ds.manager, b)]);
    expect(forA.map((v) => v.medication)).toEqual(['ForA']);
    expect(forB.map((v) => v.medication)).toEqual(['ForB1', 'ForB2']);
  });

  it('updates, counts and deletes only the user’s own rows', async () => {
    const [me, other] = [await newUserRow(db.ds.manager), await newUserRow(db.ds.manager)];
    const [id] = await insertPrescriptions(db.ds.manager, me, [prescription('Old')]);
    await updatePrescription(db.ds.manager, id, other, prescription('Hijacked'));
    await updatePrescription(db.ds.manager, id, me, prescription('New'));
    expect((await db.ds.manager.findOneByOrFail(Prescription, { id })).medication).toBe('New');
    expect(await countPrescriptions(db.ds.manager, me)).toBe(1);
    await deletePrescription(db.ds.manager, id, other);
    expect(await countPrescriptions(db.ds.manager, me)).toBe(1);
    await deletePrescription(db.ds.manager, id, me);
    expect(await countPrescriptions(db.ds.manager, me)).toBe(0);
  });

  it('inserts a signup’s prescription and returns its id', async () => {
    const me = await newUserRow(db.ds.manager);
    const id = await insertPrescription(db.ds.manager, { userId: me, ...prescription('Signup') });
    expect(await db.ds.manager.findOneByOrFail(Prescription, { id })).toMatchObject({
      userId: me,
      medication: 'Signup',
    });
  });
});

describe('insurance', () => {
  it('adds a plan after the others and returns it as stored; deletes only the user’s own', async () => {
    const [me, other] = [await newUserRow(db.ds.manager), await newUserRow(db.ds.manager)];
    await insertInsurance(db.ds.manager, { userId: me, provider: 'Aetna', coverageType: 'Commercial Insurance' });
    const added = await addInsurance(db.ds.manager, me, {
      provider: 'Medicare',
      coverageType: 'Medicare',
      policyNumber: 'P-1',
      groupNumber: null,
    });
    expect(added).toMatchObject({ userId: me, provider: 'Medicare', policyNumber: 'P-1', documentUrl: null });
    expect((await listInsurance(db.ds.manager, me)).map((i) => i.provider)).toEqual(['Aetna', 'Medicare']);
    await deleteInsurance(db.ds.manager, added.id, other);
    expect(await db.ds.manager.existsBy(Insurance, { id: added.id })).toBe(true);
    await deleteInsurance(db.ds.manager, added.id, me);
    expect((await listInsurance(db.ds.manager, me)).map((i) => i.provider)).toEqual(['Aetna']);
  });
});

describe('owned records and the audit log', () => {
  it('finds a row only for its owner, any row by id for staff reads, and locks on request', async () => {
    const [me, other] = [await newUserRow(db.ds.manager), await newUserRow(db.ds.manager)];
    const [id] = await insertDoctors(db.ds.manager, me, [doctor('Owned')]);
    expect(await findOwnedRecord(db.ds.manager, Doctor, id, other)).toBeNull();
    expect(await findOwnedRecord(db.ds.manager, Doctor, randomUUID(), me)).toBeNull();
    expect((await findRecord(db.ds.manager, Doctor, id))?.userId).toBe(me);
    await db.ds.transaction(async (m) => {
      expect((await findOwnedRecord(m, Doctor, id, me, true))?.id).toBe(id);
      expect(await waitsForLock(db.ds, 'SELECT id FROM doctors WHERE id = $1 FOR SHARE', [id])).toBe(true);
    });
    await db.ds.transaction(async (m) => {
      await findOwnedRecord(m, Doctor, id, me);
      expect(await waitsForLock(db.ds, 'SELECT id FROM doctors WHERE id = $1 FOR SHARE', [id])).toBe(false);
    });
  });

  it('writes an audit line with who did what to whose row', async () => {
    const [staff, patient] = [await newUserRow(db.ds.manager), await newUserRow(db.ds.manager)];
    const entityId = randomUUID();
    await insertAuditEntry(db.ds.manager, {
      actorId: staff,
      actorRole: 'NAVIGATOR',
      action: 'document.access',
      subjectUserId: patient,
      entityType: 'document',
      entityId,
      metadata: { why: 'test' },
    });
    const row = await db.ds.manager.findOneByOrFail(AuditLogEntry, { entityId });
    expect(row).toMatchObject({ actorId: staff, actorRole: 'NAVIGATOR', subjectUserId: patient });
    expect(row.metadata).toEqual({ why: 'test' });
  });
});
