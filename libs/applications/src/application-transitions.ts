import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { APPLICATION_MESSAGES, type ApplicationState, type TransitionActorRole } from '@rxbridge/contracts';
import {
  IllegalTransitionError,
  assertTransition,
  refillDueAt,
  stateLabel,
  toIsoDate,
  validateTransitionDetails,
  type TransitionDetails,
} from '@rxbridge/domain';
import { Application, ApplicationShipment, ApplicationTransition, prepared, runPrepared } from '@rxbridge/database';
import { appendToOutbox, type LivePush } from '@rxbridge/events';
import { badRequest, conflict, notFound } from '@rxbridge/platform';
import { applicationPush, SHOWN_MEDICATION, toApplicationUpdate } from './application-views';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TransitionActor {
  /** null for the system (timers, a removed prescription). */
  id: string | null;
  role: TransitionActorRole;
}

export interface TransitionCommand {
  applicationId: string;
  toState: ApplicationState;
  /** When given, the state the caller saw: a different current state answers 409. */
  fromState?: ApplicationState;
  note: string;
  details?: TransitionDetails;
  actor: TransitionActor;
  /**
   * The caller publishes the push itself after the commit (publishWriterPush with `outboxId` and
   * `push`); the relay does only if it has not within the grace (docs/architecture.md §8).
   */
  writerPushes?: boolean;
}

export interface TransitionDone {
  application: Application;
  transition: ApplicationTransition;
  shipment: ApplicationShipment | null;
  /** The `application.transitioned` row and its push. */
  outboxId: string;
  push: LivePush;
}

// A navigator's move is a handful of statements in one transaction; written out and prepared, they
// cost the API a fraction of what TypeORM's query building and persistence did, which is what a
// burst of moves waited on (docs/architecture.md §15 Performance). Columns come with the entities'
// field names, and dates as text, as TypeORM gives `date` columns.
const applicationColumns = (a: string) => `${a}.id, ${a}.user_id AS "userId", ${a}.prescription_id AS "prescriptionId",
  ${a}.medication, ${a}.state, ${a}.enrollment_start_date::text AS "enrollmentStartDate",
  ${a}.enrollment_end_date::text AS "enrollmentEndDate", ${a}.program_id AS "programId",
  ${a}.program_overridden AS "programOverridden", ${a}.created_at AS "createdAt", ${a}.updated_at AS "updatedAt"`;
const READ_APPLICATIONS = prepared(
  'read-applications',
  `SELECT ${applicationColumns('a')} FROM applications a WHERE a.id = ANY($1::uuid[])`,
);
// The move's writes, one statement: the state, its timeline row and, when it schedules one, the
// shipment (ids chosen here, so the shipment can point at its transition). Beside it the move is
// the row lock, which also reads the medication its push names, and the outbox row: five round
// trips with BEGIN and COMMIT where there were seven (docs/architecture.md §15 Performance).
const WRITE_MOVE = prepared(
  'write-application-move',
  `WITH moved AS (
     UPDATE applications SET state = $2, enrollment_start_date = $3, enrollment_end_date = $4, updated_at = now()
      WHERE id = $1
   ), logged AS (
     INSERT INTO application_transitions (id, application_id, from_state, to_state, actor_id, actor_role, note, details)
     VALUES ($5, $1, $6, $2, $7, $8, $9, $10) RETURNING created_at
   ), shipped AS (
     INSERT INTO application_shipments (id, application_id, transition_id, shipment_date, days_of_supply, refill_due_at)
     SELECT $11::uuid, $1, $5::uuid, $12::date, $13::int, $14::date WHERE $11::uuid IS NOT NULL
     RETURNING created_at
   )
   SELECT (SELECT created_at FROM logged) AS "createdAt", (SELECT created_at FROM shipped) AS "shipmentCreatedAt"`,
);
// The row lock reads the medication the push of a move names (SHOWN_MEDICATION) with it.
const LOCK_APPLICATION = prepared(
  'lock-application',
  `SELECT ${applicationColumns('a')}, ${SHOWN_MEDICATION} AS "shownMedication"
     FROM applications a LEFT JOIN prescriptions p ON p.id = a.prescription_id
    WHERE a.id = $1 FOR UPDATE OF a`,
);

/** The application (404 when there is none), locked for the rest of the caller's transaction. */
export async function lockApplication(manager: EntityManager, applicationId: string): Promise<Application> {
  return (await lockWithMedication(manager, applicationId)).app;
}

async function lockWithMedication(
  manager: EntityManager,
  applicationId: string,
): Promise<{ app: Application; medication: string }> {
  // A malformed id is just another id that does not exist (and never reaches PostgreSQL's uuid parser).
  const [row] = UUID.test(applicationId)
    ? await runPrepared<Application & { shownMedication: string }>(manager, LOCK_APPLICATION, [applicationId])
    : [];
  if (!row) throw notFound('Application');
  const { shownMedication, ...columns } = row;
  return { app: manager.create(Application, columns), medication: shownMedication };
}

/** The applications of these (well-formed) ids that exist, in no particular order. */
export async function readApplications(
  manager: EntityManager,
  applicationIds: readonly string[],
): Promise<Application[]> {
  const rows = await runPrepared<Application>(manager, READ_APPLICATIONS, [applicationIds]);
  return rows.map((row) => manager.create(Application, row));
}

/**
 * The one way an application changes state, for navigators and the system alike. Runs in the
 * caller's transaction with the row locked (SELECT ... FOR UPDATE), so of two navigators moving
 * the same case at once one wins and the other gets a 409; the timeline row, the shipment and the
 * `application.transitioned` event commit with the change or not at all.
 */
export async function transitionApplication(manager: EntityManager, cmd: TransitionCommand): Promise<TransitionDone> {
  const { app, medication } = await lockWithMedication(manager, cmd.applicationId);
  if (cmd.fromState && cmd.fromState !== app.state) {
    const last = await manager.findOne(ApplicationTransition, {
      where: { applicationId: app.id },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    const by = last && last.actorId === null ? 'the system' : 'someone else';
    throw conflict(APPLICATION_MESSAGES.stale(stateLabel(app.state), by), 'stale-state');
  }
  try {
    assertTransition(app.state, cmd.toState);
  } catch (err) {
    if (err instanceof IllegalTransitionError) throw conflict(err.message, 'illegal-transition');
    throw err;
  }
  const details = cmd.details ?? {};
  const errors = validateTransitionDetails(cmd.toState, details);
  const fields = Object.entries(errors) as [string, string][];
  if (fields.length)
    throw badRequest(`${fields[0][0]}: ${fields[0][1]}`, Object.fromEntries(fields), 'validation-failed');

  const fromState = app.state;
  const recorded: Record<string, unknown> = {};
  if (cmd.toState === 'APPROVED') {
    app.enrollmentStartDate = toIsoDate(details.enrollmentStartDate!);
    app.enrollmentEndDate = toIsoDate(details.enrollmentEndDate!);
    recorded.enrollmentStartDate = app.enrollmentStartDate;
    recorded.enrollmentEndDate = app.enrollmentEndDate;
  }
  app.state = cmd.toState;
  const transition = manager.create(ApplicationTransition, {
    id: randomUUID(),
    applicationId: app.id,
    fromState,
    toState: cmd.toState,
    actorId: cmd.actor.id,
    actorRole: cmd.actor.role,
    note: cmd.note,
    details: recorded,
  });
  let shipment: ApplicationShipment | null = null;
  if (cmd.toState === 'SHIPMENT_SCHEDULED') {
    const shipmentDate = toIsoDate(details.shipmentDate!);
    const daysOfSupply = details.daysOfSupply!;
    recorded.shipmentDate = shipmentDate;
    recorded.daysOfSupply = daysOfSupply;
    shipment = manager.create(ApplicationShipment, {
      id: randomUUID(),
      applicationId: app.id,
      transitionId: transition.id,
      shipmentDate,
      daysOfSupply,
      refillDueAt: toIsoDate(refillDueAt(shipmentDate, daysOfSupply)),
    });
  }
  const [written] = await runPrepared<{ createdAt: Date; shipmentCreatedAt: Date | null }>(manager, WRITE_MOVE, [
    app.id,
    app.state,
    app.enrollmentStartDate,
    app.enrollmentEndDate,
    transition.id,
    fromState,
    transition.actorId,
    transition.actorRole,
    transition.note,
    JSON.stringify(recorded),
    shipment?.id ?? null,
    shipment?.shipmentDate ?? null,
    shipment?.daysOfSupply ?? null,
    shipment?.refillDueAt ?? null,
  ]);
  transition.createdAt = written.createdAt;
  if (shipment) shipment.createdAt = written.shipmentCreatedAt!;

  const push = applicationPush(toApplicationUpdate(app, medication, transition));
  const outboxId = await appendToOutbox(
    manager,
    'application.transitioned',
    {
      applicationId: app.id,
      userId: app.userId,
      prescriptionId: app.prescriptionId,
      fromState,
      toState: cmd.toState,
      transitionId: transition.id,
      actorId: cmd.actor.id,
      at: transition.createdAt.toISOString(),
      enrollmentStartDate: app.enrollmentStartDate,
      enrollmentEndDate: app.enrollmentEndDate,
      shipment: shipment && {
        id: shipment.id,
        shipmentDate: shipment.shipmentDate,
        daysOfSupply: shipment.daysOfSupply,
        refillDueAt: shipment.refillDueAt,
      },
    },
    app.userId,
    push,
    { writerPushes: cmd.writerPushes },
  );
  return { application: app, transition, shipment, outboxId, push };
}
