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
import { outboxInsertFrom, outboxRow, type LivePush } from '@rxbridge/events';
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

// A move's statements are written out and prepared: they cost the API a fraction of what TypeORM's
// query building and persistence did, which is what a burst of moves waited on
// (docs/architecture.md §15 Performance). Columns come with the entities'
// field names, and dates as text, as TypeORM gives `date` columns.
const applicationColumns = (a: string) => `${a}.id, ${a}.user_id AS "userId", ${a}.prescription_id AS "prescriptionId",
  ${a}.medication, ${a}.state, ${a}.enrollment_start_date::text AS "enrollmentStartDate",
  ${a}.enrollment_end_date::text AS "enrollmentEndDate", ${a}.program_id AS "programId",
  ${a}.program_overridden AS "programOverridden", ${a}.created_at AS "createdAt", ${a}.updated_at AS "updatedAt"`;
const READ_APPLICATIONS = prepared(
  'read-applications',
  `SELECT ${applicationColumns('a')} FROM applications a WHERE a.id = ANY($1::uuid[])`,
);
// A move's writes are one statement: the state (only if it is still the one the move was planned
// from), its timeline row, the shipment it schedules and its `application.transitioned` outbox row,
// whose `at` is the timeline row's own time; no row comes back when the state had changed, and then
// nothing was written. Ids are chosen here, so the shipment can name its transition.
const WRITE_MOVE = prepared(
  'write-application-move',
  `WITH moved AS (
     UPDATE applications SET state = $2, enrollment_start_date = $3, enrollment_end_date = $4, updated_at = now()
      WHERE id = $1 AND state = $6
     RETURNING id
   ), logged AS (
     INSERT INTO application_transitions (id, application_id, from_state, to_state, actor_id, actor_role, note, details)
     SELECT $5::uuid, id, $6, $2, $7::uuid, $8, $9, $10::jsonb FROM moved
     RETURNING created_at
   ), shipped AS (
     INSERT INTO application_shipments (id, application_id, transition_id, shipment_date, days_of_supply, refill_due_at)
     SELECT $11::uuid, $1, $5::uuid, $12::date, $13::int, $14::date FROM logged WHERE $11::uuid IS NOT NULL
     RETURNING created_at
   ), evented AS (
     ${outboxInsertFrom(15, 'logged', 'logged.created_at')}
   )
   SELECT l.created_at AS "createdAt", (SELECT created_at FROM shipped) AS "shipmentCreatedAt" FROM logged l`,
);
// The application with the medication a move's push names (SHOWN_MEDICATION): locked for the
// caller's transaction, or read for a move standing alone.
const withMedication = (lock: string) =>
  `SELECT ${applicationColumns('a')}, ${SHOWN_MEDICATION} AS "shownMedication"
     FROM applications a LEFT JOIN prescriptions p ON p.id = a.prescription_id
    WHERE a.id = $1 ${lock}`;
const LOCK_APPLICATION = prepared('lock-application', withMedication('FOR UPDATE OF a'));
const READ_APPLICATION = prepared('read-application', withMedication(''));

/** The application (404 when there is none), locked for the rest of the caller's transaction. */
export async function lockApplication(manager: EntityManager, applicationId: string): Promise<Application> {
  return (await applicationWithMedication(manager, applicationId)).app;
}

async function applicationWithMedication(
  manager: EntityManager,
  applicationId: string,
  statement = LOCK_APPLICATION,
): Promise<{ app: Application; medication: string }> {
  // A malformed id is just another id that does not exist (and never reaches PostgreSQL's uuid parser).
  const [row] = UUID.test(applicationId)
    ? await runPrepared<Application & { shownMedication: string }>(manager, statement, [applicationId])
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
 * The one way an application changes state, for navigators and the system alike, in the caller's
 * transaction with the row locked (SELECT ... FOR UPDATE); the timeline row, the shipment and the
 * `application.transitioned` event are written with the change or not at all.
 */
export async function transitionApplication(manager: EntityManager, cmd: TransitionCommand): Promise<TransitionDone> {
  const { app, medication } = await applicationWithMedication(manager, cmd.applicationId);
  const done = await writeMove(manager, await planMove(manager, app, medication, cmd));
  // Under the lock the state is the one just read.
  if (!done) throw new Error(`application ${app.id} changed state under its lock`);
  return done;
}

/** How often a move standing alone is planned again when the state changed under it. */
const MOVE_ATTEMPTS = 5;

/**
 * A move with no transaction of the caller's (a navigator's): the application is read, the move
 * planned from it, and written in one statement that changes the state only if it is still the one
 * read. Two round trips where a locked move is four (BEGIN, lock, write, COMMIT); under a burst of
 * moves the round trips were what the database and the API spent their time on
 * (docs/architecture.md §15 Performance). Of two moves of one case at once, the second's write
 * finds the state changed, and its next plan answers 409 (the navigator's `fromState`) or moves on
 * from the new state.
 */
export async function moveApplication(manager: EntityManager, cmd: TransitionCommand): Promise<TransitionDone> {
  for (let attempt = 1; ; attempt++) {
    const { app, medication } = await applicationWithMedication(manager, cmd.applicationId, READ_APPLICATION);
    const seen = app.state;
    const done = await writeMove(manager, await planMove(manager, app, medication, cmd));
    if (done) return done;
    if (attempt === MOVE_ATTEMPTS) {
      throw conflict(APPLICATION_MESSAGES.stale(stateLabel(seen), 'someone else'), 'stale-state');
    }
  }
}

interface PlannedMove {
  app: Application;
  medication: string;
  fromState: ApplicationState;
  transition: ApplicationTransition;
  shipment: ApplicationShipment | null;
  writerPushes: boolean;
}

/** Checks the move against the application as read (409, 400) and builds what it writes. */
async function planMove(
  manager: EntityManager,
  app: Application,
  medication: string,
  cmd: TransitionCommand,
): Promise<PlannedMove> {
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
  return { app, medication, fromState, transition, shipment, writerPushes: cmd.writerPushes ?? false };
}

/** Writes a planned move (WRITE_MOVE); null, with nothing written, when the state had changed. */
async function writeMove(manager: EntityManager, move: PlannedMove): Promise<TransitionDone | null> {
  const { app, fromState, transition, shipment } = move;
  // The payload's and the push's `at` are the timeline row's time, which the statement sets.
  const push = applicationPush(toApplicationUpdate(app, move.medication, transition, new Date(0)));
  const event = outboxRow(
    'application.transitioned',
    {
      applicationId: app.id,
      userId: app.userId,
      prescriptionId: app.prescriptionId,
      fromState,
      toState: app.state,
      transitionId: transition.id,
      actorId: transition.actorId,
      at: '',
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
    move.writerPushes,
  );
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
    JSON.stringify(transition.details),
    shipment?.id ?? null,
    shipment?.shipmentDate ?? null,
    shipment?.daysOfSupply ?? null,
    shipment?.refillDueAt ?? null,
    ...event.params,
  ]);
  if (!written) return null;
  transition.createdAt = written.createdAt;
  if (shipment) shipment.createdAt = written.shipmentCreatedAt!;
  push.data = { ...push.data, at: written.createdAt.toISOString() };
  return { application: app, transition, shipment, outboxId: event.id, push };
}
