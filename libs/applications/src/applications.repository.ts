import type { EntityManager } from 'typeorm';
import { Application, BatchedRead, entityColumns, prepared } from '@rxbridge/database';
import type { DrugCoverage, InsuranceType, ShipToChoice } from '@rxbridge/contracts';
import { ageOn, patientCoverage, type ChecklistPatient, type DocumentKind } from '@rxbridge/domain';

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

/**
 * Holds the patient's checklists until the caller commits (docs/architecture.md §14): an opening of applications and a
 * following of the patient's facts take it first, so a following waits for an application being opened and then sees
 * it, and an opening that starts after reads the facts it followed. A transaction advisory lock on the patient: their
 * row, and the logins and uploads that lock it, are not held up.
 */
export async function lockPatientChecklists(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('patient-checklists'), hashtext($1::text))`, [userId]);
}

/** What an application's checklist reads of its patient, and since when their plan is their plan. */
export interface PatientForChecklist extends ChecklistPatient {
  /**
   * When their newest insurance record, their plan, was added or last became their plan (`planChangedAt`); null
   * without one. A card received before it is no card of their plan (cardOfCurrentPlan, docs/product.md §6.3).
   */
  planSince: Date | null;
}

/**
 * What an application's checklist reads of its patient (docs/product.md §15): whether they keep any insurance
 * record (the card is asked for then), the kind of plan of the newest one (NONE without one) and since when it is
 * their plan, their age today and their mailing state.
 */
export async function checklistPatient(manager: EntityManager, userId: string): Promise<PatientForChecklist> {
  const [row] = (await manager.query(
    `SELECT u.date_of_birth::text AS "dateOfBirth", u.mailing_state AS "state", i.provider,
            i.coverage_type AS "coverageType", i.drug_coverage AS "drugCoverage", i.since AS "planSince"
       FROM users u
       LEFT JOIN LATERAL (SELECT provider, coverage_type, drug_coverage, coalesce(plan_changed_at, created_at) AS since
                            FROM insurances WHERE user_id = u.id
                           ORDER BY created_at DESC, id DESC LIMIT 1) i ON true
      WHERE u.id = $1`,
    [userId],
  )) as {
    dateOfBirth: string | null;
    state: string | null;
    provider: string | null;
    coverageType: InsuranceType | null;
    drugCoverage: DrugCoverage | null;
    planSince: Date | null;
  }[];
  if (!row) return { hasInsurance: false, drugCoverage: null, age: null, state: null, planSince: null };
  const { provider, coverageType, drugCoverage } = row;
  const newest =
    provider !== null && coverageType !== null
      ? { provider, coverageType, drugCoverage, extraHelp: null, outOfPocketCentsThisYear: null }
      : null;
  return {
    hasInsurance: newest !== null,
    drugCoverage: patientCoverage(newest).drugCoverage,
    age: row.dateOfBirth ? ageOn(row.dateOfBirth, new Date()) : null,
    state: row.state,
    planSince: newest ? row.planSince : null,
  };
}

/**
 * The patient's applications in these states with their program, state and enrollment's end, locked FOR UPDATE so
 * that a move or a program set meanwhile waits for the caller's commit.
 */
export function applicationsInStates(
  manager: EntityManager,
  userId: string,
  states: readonly string[],
): Promise<Pick<Application, 'id' | 'programId' | 'state' | 'enrollmentEndDate'>[]> {
  return manager.query(
    `SELECT id, program_id AS "programId", state, enrollment_end_date::text AS "enrollmentEndDate"
       FROM applications WHERE user_id = $1 AND state = ANY($2::text[])
      ORDER BY created_at, id FOR UPDATE`,
    [userId, states],
  );
}

/**
 * Whether the prescription is still the patient's, held (FOR KEY SHARE) until the caller commits: its removal waits,
 * and the cancelling of its applications that follows then sees what the caller opened for it.
 */
export async function holdPrescription(manager: EntityManager, prescriptionId: string): Promise<boolean> {
  const rows: unknown[] = await manager.query(`SELECT 1 FROM prescriptions WHERE id = $1 FOR KEY SHARE`, [
    prescriptionId,
  ]);
  return rows.length > 0;
}

/**
 * A new application in INTAKE for a prescription, or a renewal of one's enrollment (`renewalOf`,
 * `renewsEnrollmentEndingOn`); null when it has one already (the unique first application per
 * prescription, and the unique renewal per enrollment, make a redelivered event insert nothing;
 * docs/product.md §18).
 */
export async function insertApplication(
  manager: EntityManager,
  row: Pick<Application, 'userId' | 'prescriptionId' | 'medication' | 'programId'> &
    Partial<Pick<Application, 'renewalOf' | 'renewsEnrollmentEndingOn' | 'programOverridden'>>,
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
    ? manager.create(Application, {
        programOverridden: false,
        renewalOf: null,
        renewsEnrollmentEndingOn: null,
        enrollmentEstimated: false,
        shipTo: null,
        ...row,
        id,
        state: 'INTAKE',
      })
    : null;
}

/**
 * The renewal opened for the enrollment of `applicationId` that ends on `endsOn`, or null. With `lock`, held FOR UPDATE
 * for the caller's transaction, which holds the application it renews already: a prescription's applications are
 * locked oldest first (lockApplicationsOfPrescription), and a renewal is younger than what it renews.
 */
export function renewalOfApplication(
  manager: EntityManager,
  applicationId: string,
  endsOn: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<Application | null> {
  return manager.findOne(Application, {
    where: { renewalOf: applicationId, renewsEnrollmentEndingOn: endsOn },
    ...(lock && { lock: { mode: 'pessimistic_write' as const } }),
  });
}

/** The prescription's applications (its first one and its renewals), locked for the caller's transaction. */
export function lockApplicationsOfPrescription(
  manager: EntityManager,
  userId: string,
  prescriptionId: string,
): Promise<Application[]> {
  return manager.find(Application, {
    where: { prescriptionId, userId },
    order: { createdAt: 'ASC', id: 'ASC' },
    lock: { mode: 'pessimistic_write' },
  });
}

// The patient's dashboard reads it on every load: the lists asked for at once are one prepared statement
// (BatchedRead, docs/architecture.md §15).
const PATIENT_APPLICATIONS = new BatchedRead<Application>(
  prepared(
    'applications-of-patients',
    `SELECT ${entityColumns(Application, 'a')} FROM applications a
      WHERE a.user_id = ANY($1::uuid[]) ORDER BY a.created_at, a.id`,
  ),
  (row) => row.userId,
);

/** A patient's applications, oldest first. */
export async function applicationsOfPatient(manager: EntityManager, userId: string): Promise<Application[]> {
  const rows = await PATIENT_APPLICATIONS.load(manager, userId);
  return rows.map((row) => manager.create(Application, row));
}

/** An item no staff member marked: the system's own, or one the patient's writes named them on. */
const UNMARKED = `AND (updated_by IS NULL OR updated_by = (SELECT user_id FROM applications WHERE id = $1))`;

/**
 * An application's document checklist becomes `kinds`: items still missing that are no longer
 * asked for go, new ones are added as missing; received items stay. With `keepMarkedItems`, so do
 * the items a staff member marked (a navigator's request, a document sent back): only the system's own go. The
 * patient's own writes are no mark (docs/product.md §5): they leave updated_by as it was, and a row that names the
 * patient (written so before) goes like the system's.
 * Answers the kinds added and removed.
 */
export async function setChecklist(
  manager: EntityManager,
  applicationId: string,
  kinds: DocumentKind[],
  { keepMarkedItems = false }: { keepMarkedItems?: boolean } = {},
): Promise<{ added: DocumentKind[]; removed: DocumentKind[] }> {
  const removed = await removeMissingItems(manager, applicationId, { notOf: kinds }, { keepMarkedItems });
  const added = (await manager.query(
    `INSERT INTO application_documents (application_id, kind, status)
     SELECT $1, kind, 'MISSING' FROM unnest($2::text[]) WITH ORDINALITY AS k(kind, n) ORDER BY n
     ON CONFLICT (application_id, kind) DO NOTHING RETURNING kind`,
    [applicationId, kinds],
  )) as { kind: DocumentKind }[];
  return { added: added.map((r) => r.kind), removed };
}

/**
 * The application's items still missing that are no longer asked for go: those of a kind `notOf` does not list, or
 * of a kind `of` lists; with `keepMarkedItems`, only the system's own (as setChecklist). Answers the kinds removed.
 */
export async function removeMissingItems(
  manager: EntityManager,
  applicationId: string,
  kinds: { of: DocumentKind[] } | { notOf: DocumentKind[] },
  { keepMarkedItems }: { keepMarkedItems: boolean },
): Promise<DocumentKind[]> {
  const [removed] = (await manager.query(
    `DELETE FROM application_documents
      WHERE application_id = $1 AND status = 'MISSING' AND document_id IS NULL
        AND ${'of' in kinds ? '' : 'NOT'} (kind = ANY($2::text[])) ${keepMarkedItems ? UNMARKED : ''}
      RETURNING kind`,
    [applicationId, 'of' in kinds ? kinds.of : kinds.notOf],
  )) as [{ kind: DocumentKind }[], number];
  return removed.map((r) => r.kind);
}

/** The program an application goes to, as a navigator set it (never replaced by the worker's match). */
export async function overrideProgram(manager: EntityManager, applicationId: string, programId: string) {
  await manager.update(Application, { id: applicationId }, { programId, programOverridden: true });
}

/** The patient's ship-to choice (docs/product.md §17). */
export async function setShipTo(manager: EntityManager, applicationId: string, shipTo: ShipToChoice) {
  await manager.update(Application, { id: applicationId }, { shipTo });
}
