import type { EntityManager } from 'typeorm';
import type { InsurancePayload } from '@rxbridge/contracts';
import { Insurance } from '@rxbridge/database';
import { deleteOwnedRecord, insertInOrder, listOwnedRecords } from './owned-records.repository';

/** A plan as the signup wizard gives it: the provider and its coverage type. */
export type NewInsurance = Pick<Insurance, 'userId' | 'provider' | 'coverageType'>;

export function listInsurance(manager: EntityManager, userId: string): Promise<Insurance[]> {
  return listOwnedRecords(manager, Insurance, userId);
}

/** Adds one plan after the patient's others (insertInOrder) and returns it as stored. */
export async function addInsurance(
  manager: EntityManager,
  userId: string,
  input: InsurancePayload,
): Promise<Insurance> {
  const [id] = await insertInOrder(manager, Insurance, [{ ...input, userId }]);
  return manager.findOneByOrFail(Insurance, { id, userId });
}

/** One plan of a signup: its created_at is the transaction's. */
export async function insertInsurance(manager: EntityManager, row: NewInsurance): Promise<void> {
  await manager.insert(Insurance, row);
}

export function deleteInsurance(manager: EntityManager, id: string, userId: string): Promise<void> {
  return deleteOwnedRecord(manager, Insurance, id, userId);
}
