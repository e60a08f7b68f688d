import { In, type EntityManager } from 'typeorm';
import type { DoctorPayload } from '@rxbridge/contracts';
import { Doctor } from '@rxbridge/database';
import { deleteOwnedRecord, insertInOrder, listOwnedRecords, RECORD_ORDER } from './owned-records.repository';

/** A doctor as the signup wizard gives it. */
export type NewDoctor = Pick<
  Doctor,
  'userId' | 'firstName' | 'lastName' | 'specialty' | 'phone' | 'doctorAddress' | 'npiNumber'
>;

export function listDoctors(manager: EntityManager, userId: string): Promise<Doctor[]> {
  return listOwnedRecords(manager, Doctor, userId);
}

/** The user's doctors among `ids`, in the order they were added. */
export function findDoctors(manager: EntityManager, userId: string, ids: string[]): Promise<Doctor[]> {
  return manager.find(Doctor, { where: { id: In(ids), userId }, order: RECORD_ORDER });
}

/** All rows in the order given (insertInOrder); returns the new ids. */
export function insertDoctors(manager: EntityManager, userId: string, rows: DoctorPayload[]): Promise<string[]> {
  return insertInOrder(
    manager,
    Doctor,
    rows.map((d) => ({ ...d, userId })),
  );
}

/** One doctor of a signup: its created_at is the transaction's, like the rest of the account. */
export async function insertDoctor(manager: EntityManager, row: NewDoctor): Promise<void> {
  await manager.insert(Doctor, row);
}

/** Writes the changes onto the (locked) row and returns it as saved. */
export function updateDoctor(manager: EntityManager, doctor: Doctor, changes: DoctorPayload): Promise<Doctor> {
  return manager.save(Doctor, Object.assign(doctor, changes));
}

/** Prescriptions written by this doctor stay, without a prescriber (ON DELETE SET NULL). */
export function deleteDoctor(manager: EntityManager, id: string, userId: string): Promise<void> {
  return deleteOwnedRecord(manager, Doctor, id, userId);
}

/**
 * Which of `ids` are the user's own doctors, each locked (FOR SHARE) until commit so it cannot be
 * deleted meanwhile; someone else's doctor is simply not among them.
 */
export async function lockOwnDoctorIds(manager: EntityManager, userId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const found = await manager
    .createQueryBuilder(Doctor, 'd')
    .select('d.id')
    .where('d.user_id = :userId AND d.id IN (:...wanted)', { userId, wanted: ids })
    .setLock('pessimistic_read')
    .getMany();
  return new Set(found.map((d) => d.id));
}
