import type { EntityManager } from 'typeorm';
import { Application, ApplicationDocument, Insurance } from '@rxbridge/database';
import type { ShipToChoice } from '@rxbridge/contracts';
import type { DocumentKind } from '@rxbridge/domain';

/**
 * The prescriptions of a patient that are to get an application, in the order given, locked FOR
 * KEY SHARE so a removal waits for the opening's commit and then finds the application to cancel.
 */
export function prescriptionsToOpen(
  manager: EntityManager,
  userId: string,
  prescriptionIds: string[],
): Promise<{ id: string; medication: string }[]> {
  return manager.query(
    `SELECT id, medication FROM prescriptions WHERE id = ANY($1::uuid[]) AND user_id = $2
      ORDER BY array_position($1::uuid[], id) FOR KEY SHARE`,
    [prescriptionIds, userId],
  );
}

/** Whether the patient keeps any insurance record (the checklist asks for the card then). */
export function hasInsurance(manager: EntityManager, userId: string): Promise<boolean> {
  return manager.existsBy(Insurance, { userId });
}

/**
 * A new application in INTAKE for a prescription; null when it has one already (the UNIQUE
 * prescription_id makes a redelivered event insert nothing).
 */
export async function insertApplication(
  manager: EntityManager,
  row: Pick<Application, 'userId' | 'prescriptionId' | 'medication' | 'programId'>,
): Promise<Application | null> {
  const inserted = await manager
    .createQueryBuilder()
    .insert()
    .into(Application)
    // now() is the same for every row of a transaction: clock_timestamp() keeps the prescriptions' order.
    .values({ ...row, state: 'INTAKE', createdAt: () => 'clock_timestamp()' })
    .orIgnore()
    .returning('id')
    .execute();
  const id = (inserted.raw as { id: string }[])[0]?.id;
  return id
    ? manager.create(Application, { ...row, id, state: 'INTAKE', programOverridden: false, shipTo: null })
    : null;
}

/** The prescription's application, locked for the caller's transaction; null when it has none. */
export function lockApplicationOfPrescription(
  manager: EntityManager,
  userId: string,
  prescriptionId: string,
): Promise<Application | null> {
  return manager.findOne(Application, { where: { prescriptionId, userId }, lock: { mode: 'pessimistic_write' } });
}

/** A patient's applications, oldest first. */
export function applicationsOfPatient(manager: EntityManager, userId: string): Promise<Application[]> {
  return manager.find(Application, { where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
}

/**
 * An application's document checklist becomes `kinds`: items still missing that are no longer
 * asked for go, new ones are added as missing; received items stay.
 */
export async function setChecklist(manager: EntityManager, applicationId: string, kinds: DocumentKind[]) {
  await manager
    .createQueryBuilder()
    .delete()
    .from(ApplicationDocument)
    .where(`application_id = :id AND status = 'MISSING' AND document_id IS NULL AND NOT (kind = ANY(:kinds))`, {
      id: applicationId,
      kinds,
    })
    .execute();
  await manager
    .createQueryBuilder()
    .insert()
    .into(ApplicationDocument)
    .values(kinds.map((kind) => ({ applicationId, kind, status: 'MISSING' as const })))
    .orIgnore()
    .execute();
}

/** The program an application goes to, as a navigator set it (never replaced by the worker's match). */
export async function overrideProgram(manager: EntityManager, applicationId: string, programId: string) {
  await manager.update(Application, { id: applicationId }, { programId, programOverridden: true });
}

/** The patient's ship-to choice (docs/product.md §17). */
export async function setShipTo(manager: EntityManager, applicationId: string, shipTo: ShipToChoice) {
  await manager.update(Application, { id: applicationId }, { shipTo });
}
