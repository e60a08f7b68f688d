import type { EntityManager } from 'typeorm';
import type { PrescriptionPayload, PrescriptionView } from '@rxbridge/contracts';
import { BatchedRead, Prescription, prepared, runPrepared } from '@rxbridge/database';
import { deleteOwnedRecord, insertInOrder, lockPatientRow } from './owned-records.repository';

/** A prescription as the signup wizard gives it: no prescriber yet. */
export type NewPrescription = Pick<Prescription, 'userId' | 'medication' | 'dosage' | 'frequency' | 'doctorId'>;

interface PrescriptionRow {
  user_id: string;
  id: string;
  medication: string;
  dosage: string;
  frequency: string;
  diagnosis_code: string | null;
  quantity: number | null;
  days_supply: number | null;
  created_at: Date;
  doctor_id: string | null;
  first_name: string | null;
  last_name: string | null;
  specialty: NonNullable<PrescriptionView['doctor']>['specialty'] | null;
  phone: string | null;
}

// Only ever the patient's own doctor: the join's user check is cheap insurance against a bad row.
const COLUMNS = `p.user_id, p.id, p.medication, p.dosage, p.frequency, p.diagnosis_code, p.quantity, p.days_supply, p.created_at,
          d.id AS doctor_id, d.first_name, d.last_name, d.specialty, d.phone
     FROM prescriptions p
     LEFT JOIN doctors d ON d.id = p.doctor_id AND d.user_id = p.user_id`;
const ORDER = 'ORDER BY p.created_at ASC, p.id ASC';
const PRESCRIPTION_VIEWS = prepared(
  'prescription-views',
  `SELECT ${COLUMNS} WHERE p.user_id = $1 AND p.id = ANY($2::uuid[]) ${ORDER}`,
);
/** Every prescription of each patient in `$1`: the dashboard's list, read for many patients at once. */
const ALL_PRESCRIPTION_VIEWS = new BatchedRead<PrescriptionRow>(
  prepared('prescription-views-of-patients', `SELECT ${COLUMNS} WHERE p.user_id = ANY($1::uuid[]) ${ORDER}`),
  (row) => row.user_id,
);

/**
 * The patient's prescriptions (or those of `ids`) with their doctor's name and contact, as the
 * dashboard lists them, in the order they were added. One prepared statement read straight into the
 * view: this is the dashboard's most frequent read, and building and hydrating the entities, or
 * planning the query each time, cost more than running it; the lists asked for at once are read in
 * one statement (BatchedRead; docs/architecture.md §15 Performance).
 */
export async function prescriptionViews(
  manager: EntityManager,
  userId: string,
  ids?: string[],
): Promise<PrescriptionView[]> {
  const rows = ids
    ? await runPrepared<PrescriptionRow>(manager, PRESCRIPTION_VIEWS, [userId, ids])
    : await ALL_PRESCRIPTION_VIEWS.load(manager, userId);
  return rows.map((r) => ({
    id: r.id,
    medication: r.medication,
    dosage: r.dosage,
    frequency: r.frequency,
    diagnosisCode: r.diagnosis_code,
    quantity: r.quantity,
    daysSupply: r.days_supply,
    doctorId: r.doctor_id,
    doctor: r.doctor_id
      ? { id: r.doctor_id, firstName: r.first_name!, lastName: r.last_name!, specialty: r.specialty!, phone: r.phone }
      : null,
    createdAt: r.created_at.toISOString(),
  }));
}

/** All rows in the order given (insertInOrder); returns the new ids. */
export function insertPrescriptions(
  manager: EntityManager,
  userId: string,
  rows: PrescriptionPayload[],
): Promise<string[]> {
  return insertInOrder(
    manager,
    Prescription,
    rows.map((p) => ({ ...p, userId })),
  );
}

/** One prescription of a signup: its created_at is the transaction's. Returns its id. */
export async function insertPrescription(manager: EntityManager, row: NewPrescription): Promise<string> {
  const { identifiers } = await manager.insert(Prescription, row);
  return (identifiers[0] as { id: string }).id;
}

export async function updatePrescription(
  manager: EntityManager,
  id: string,
  userId: string,
  changes: PrescriptionPayload,
): Promise<void> {
  await manager.update(Prescription, { id, userId }, changes);
}

export function deletePrescription(manager: EntityManager, id: string, userId: string): Promise<void> {
  return deleteOwnedRecord(manager, Prescription, id, userId);
}

const COUNT_PRESCRIPTIONS = prepared(
  'count-prescriptions',
  `SELECT count(*)::int AS count FROM prescriptions WHERE user_id = $1`,
);

/** How many prescriptions the user has (the count the client shows with the profile). */
export async function countPrescriptions(manager: EntityManager, userId: string): Promise<number> {
  const [{ count }] = await runPrepared<{ count: number }>(manager, COUNT_PRESCRIPTIONS, [userId]);
  return count;
}

/** How many prescriptions the user has, under lockPatientRow: two saves at once cannot both pass the plan's limit. */
export async function lockedPrescriptionCount(manager: EntityManager, userId: string): Promise<number> {
  await lockPatientRow(manager, userId);
  return countPrescriptions(manager, userId);
}
