import type { EntityManager } from 'typeorm';
import type { InsurancePayload, InsuranceUpdatePayload } from '@rxbridge/contracts';
import { Insurance } from '@rxbridge/database';
import { deleteOwnedRecord, insertInOrder, listOwnedRecords } from './owned-records.repository';

type CoverageAnswerFields = 'drugCoverage' | 'extraHelp' | 'outOfPocketCentsThisYear';
/** The coverage answers may be left out: null until the patient answers (docs/product.md §6.3). */
type WithOptionalAnswers<T extends Partial<Pick<Insurance, CoverageAnswerFields>>> = Omit<T, CoverageAnswerFields> &
  Partial<Pick<Insurance, CoverageAnswerFields>>;

/** A plan as the signup wizard gives it: the provider, its coverage type and the coverage answers given. */
export type NewInsurance = WithOptionalAnswers<
  Pick<Insurance, 'userId' | 'provider' | 'coverageType' | CoverageAnswerFields>
>;

export function listInsurance(manager: EntityManager, userId: string): Promise<Insurance[]> {
  return listOwnedRecords(manager, Insurance, userId);
}

/** Adds one plan after the patient's others (insertInOrder) and returns it as stored. */
export async function addInsurance(
  manager: EntityManager,
  userId: string,
  input: WithOptionalAnswers<InsurancePayload>,
): Promise<Insurance> {
  const [id] = await insertInOrder(manager, Insurance, [{ ...input, userId }]);
  return manager.findOneByOrFail(Insurance, { id, userId });
}

/**
 * Saves the fields sent on the patient's own plan (found and locked by the caller) and returns it as stored; with
 * `planChangedAt` when it becomes the patient's plan anew (changesInsurancePlan, docs/product.md §6.3).
 */
export function updateInsurance(
  manager: EntityManager,
  insurance: Insurance,
  changes: InsuranceUpdatePayload & { planChangedAt?: Date },
): Promise<Insurance> {
  return manager.save(Insurance, Object.assign(insurance, changes));
}

/**
 * One plan of a signup, after the ones before it (insertInOrder): with the transaction's now() every plan would tie
 * and the patient's coverage, the newest plan's (docs/product.md §6.3), would be any of them.
 */
export async function insertInsurance(manager: EntityManager, row: NewInsurance): Promise<void> {
  await insertInOrder(manager, Insurance, [row]);
}

export function deleteInsurance(manager: EntityManager, id: string, userId: string): Promise<void> {
  return deleteOwnedRecord(manager, Insurance, id, userId);
}

/** The patient's plan: their newest insurance record (docs/product.md §6.3), or null without one. */
export function currentInsurance(manager: EntityManager, userId: string): Promise<Insurance | null> {
  return manager.findOne(Insurance, { where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
}

/**
 * Dates the record as the patient's plan from now (planChangedAt, docs/product.md §6.3), writing that column alone: the
 * record's other fields stay as the last write committed them.
 */
export async function datePlanChange(manager: EntityManager, id: string): Promise<void> {
  await manager.update(Insurance, { id }, { planChangedAt: new Date() });
}
