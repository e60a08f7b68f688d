import type { EntityManager } from 'typeorm';
import {
  Application,
  ApplicationShipment,
  auditInsertFrom,
  auditRowParams,
  type AuditLogRow,
  BatchedRead,
  entityColumns,
  isUuid,
  prepared,
  runPrepared,
} from '@rxbridge/database';
import { outboxInsertFrom } from '@rxbridge/events';
import { notFound } from '@rxbridge/platform';
import { SHOWN_MEDICATION } from './application-views.repository';
import { timelineInsert, timelineParams, type TimelineEntry } from './timeline.repository';

// The statements of a state change and of the reads around it, prepared: they cost the API a
// fraction of what TypeORM's query building did, which a burst of moves waited on
// (docs/architecture.md §15 Performance). Columns come with the entity's field names (entityColumns).
const READ_APPLICATIONS = prepared(
  'read-applications',
  `SELECT ${entityColumns(Application, 'a')} FROM applications a WHERE a.id = ANY($1::uuid[])`,
);
// The application with the medication its push names (SHOWN_MEDICATION): locked for the caller's
// transaction, or read for a change standing alone. Reads standing alone that requests ask for in
// one turn go out as one statement (BatchedRead): a burst of navigators' moves starts with one read
// instead of one each (docs/architecture.md §15 Performance).
const withMedication = (where: string) =>
  `SELECT ${entityColumns(Application, 'a')}, ${SHOWN_MEDICATION} AS "shownMedication"
     FROM applications a LEFT JOIN prescriptions p ON p.id = a.prescription_id
    WHERE ${where}`;
type WithMedicationRow = Application & { shownMedication: string };
const LOCK_APPLICATION = prepared('lock-application', withMedication('a.id = $1 FOR UPDATE OF a'));
const READ_APPLICATIONS_WITH_MEDICATION = new BatchedRead<WithMedicationRow>(
  prepared('read-applications-with-medication', withMedication('a.id = ANY($1::uuid[])')),
  (row) => row.id,
);

// A state change is one statement: the state (only if it is still the one the change was planned
// from), its timeline row, the shipment it schedules and its outbox row, whose `at` is the timeline
// row's own time. No row comes back when the state had changed, and then nothing was written. The
// outbox row's seven parameters ($18-$24) come before the enrollment's estimate ($25).
const WRITE_STATE_CHANGE = prepared(
  'write-application-state-change',
  `WITH moved AS (
     UPDATE applications SET state = $2, enrollment_start_date = $3, enrollment_end_date = $4,
            enrollment_estimated = $25, updated_at = now()
      WHERE id = $1 AND state = $5
     RETURNING id, user_id
   ), logged AS (
     ${timelineInsert(6, 'moved')}
   ), shipped AS (
     INSERT INTO application_shipments (id, application_id, transition_id, shipment_date, days_of_supply, refill_due_at)
     SELECT $14::uuid, $1, $6::uuid, $15::date, $16::int, $17::date FROM logged WHERE $14::uuid IS NOT NULL
     RETURNING created_at
   ), evented AS (
     ${outboxInsertFrom(18, 'logged', 'logged.created_at')}
   ), audited AS (
     ${auditInsertFrom(26, 'moved', { subject: 'moved.user_id', entity: 'moved.id' })}
   )
   SELECT l.created_at AS "createdAt", (SELECT created_at FROM shipped) AS "shipmentCreatedAt" FROM logged l`,
);

/** An application with the medication the patient sees, or null; `lock` holds it for the caller's transaction. */
export async function findApplicationWithMedication(
  manager: EntityManager,
  applicationId: string,
  { lock }: { lock: boolean },
): Promise<{ app: Application; medication: string } | null> {
  // A malformed id is just another id that does not exist (and never reaches PostgreSQL's uuid parser).
  if (!isUuid(applicationId)) return null;
  const [row] = lock
    ? await runPrepared<WithMedicationRow>(manager, LOCK_APPLICATION, [applicationId])
    : await READ_APPLICATIONS_WITH_MEDICATION.load(manager, applicationId);
  if (!row) return null;
  const { shownMedication, ...columns } = row;
  return { app: manager.create(Application, columns), medication: shownMedication };
}

/** findApplicationWithMedication, 404 when there is none. */
export async function applicationWithMedication(
  manager: EntityManager,
  applicationId: string,
  opts: { lock: boolean },
): Promise<{ app: Application; medication: string }> {
  const found = await findApplicationWithMedication(manager, applicationId, opts);
  if (!found) throw notFound('Application');
  return found;
}

/** The application (404 when there is none), locked for the rest of the caller's transaction. */
export async function lockApplication(manager: EntityManager, applicationId: string): Promise<Application> {
  return (await applicationWithMedication(manager, applicationId, { lock: true })).app;
}

/** The applications of these (well-formed) ids that exist, in no particular order. */
export async function readApplications(
  manager: EntityManager,
  applicationIds: readonly string[],
): Promise<Application[]> {
  const rows = await runPrepared<Application>(manager, READ_APPLICATIONS, [applicationIds]);
  return rows.map((row) => manager.create(Application, row));
}

/** What a state change writes, planned by changeApplicationState. */
export interface StateChangeRow {
  app: Application;
  fromState: Application['state'];
  entry: TimelineEntry;
  shipment: Pick<ApplicationShipment, 'id' | 'shipmentDate' | 'daysOfSupply' | 'refillDueAt'> | null;
  /** The outbox row's parameters (outboxRow). */
  event: unknown[];
  /** A staff member's move's audit line, written by the move's statement; patient and record are the application's. */
  audit: Omit<AuditLogRow, 'subjectUserId' | 'entityId'> | null;
}

/** Writes a planned state change; null, with nothing written, when the state was no longer `fromState`. */
export async function writeStateChange(
  manager: EntityManager,
  { app, fromState, entry, shipment, event, audit }: StateChangeRow,
): Promise<{ createdAt: Date; shipmentCreatedAt: Date | null } | null> {
  const [written] = await runPrepared<{ createdAt: Date; shipmentCreatedAt: Date | null }>(
    manager,
    WRITE_STATE_CHANGE,
    [
      app.id,
      app.state,
      app.enrollmentStartDate,
      app.enrollmentEndDate,
      fromState,
      ...timelineParams(entry),
      shipment?.id ?? null,
      shipment?.shipmentDate ?? null,
      shipment?.daysOfSupply ?? null,
      shipment?.refillDueAt ?? null,
      ...event,
      app.enrollmentEstimated ?? false,
      ...auditRowParams(audit),
    ],
  );
  return written ?? null;
}
