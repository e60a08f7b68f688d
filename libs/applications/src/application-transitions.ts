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
import { pushOfChange } from './application-views';

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
const APPLICATION_COLUMNS = `id, user_id AS "userId", prescription_id AS "prescriptionId", medication, state,
  enrollment_start_date::text AS "enrollmentStartDate", enrollment_end_date::text AS "enrollmentEndDate",
  program_id AS "programId", program_overridden AS "programOverridden", created_at AS "createdAt",
  updated_at AS "updatedAt"`;
const READ_APPLICATIONS = prepared(
  'read-applications',
  `SELECT ${APPLICATION_COLUMNS} FROM applications WHERE id = ANY($1::uuid[])`,
);
const LOCK_APPLICATION = prepared(
  'lock-application',
  `SELECT ${APPLICATION_COLUMNS} FROM applications WHERE id = $1 FOR UPDATE`,
);
const SET_STATE = prepared(
  'set-application-state',
  `UPDATE applications SET state = $2, enrollment_start_date = $3, enrollment_end_date = $4, updated_at = now()
    WHERE id = $1`,
);
const INSERT_TRANSITION = prepared(
  'insert-application-transition',
  `INSERT INTO application_transitions (application_id, from_state, to_state, actor_id, actor_role, note, details)
   VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, created_at AS "createdAt"`,
);
const INSERT_SHIPMENT = prepared(
  'insert-application-shipment',
  `INSERT INTO application_shipments (application_id, transition_id, shipment_date, days_of_supply, refill_due_at)
   VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at AS "createdAt"`,
);

/** The application (404 when there is none), locked for the rest of the caller's transaction. */
export async function lockApplication(manager: EntityManager, applicationId: string): Promise<Application> {
  // A malformed id is just another id that does not exist (and never reaches PostgreSQL's uuid parser).
  const [row] = UUID.test(applicationId)
    ? await runPrepared<Application>(manager, LOCK_APPLICATION, [applicationId])
    : [];
  if (!row) throw notFound('Application');
  return manager.create(Application, row);
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
  const app = await lockApplication(manager, cmd.applicationId);
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
  await runPrepared(manager, SET_STATE, [app.id, app.state, app.enrollmentStartDate, app.enrollmentEndDate]);

  let shipment: ApplicationShipment | null = null;
  if (cmd.toState === 'SHIPMENT_SCHEDULED') {
    recorded.shipmentDate = toIsoDate(details.shipmentDate!);
    recorded.daysOfSupply = details.daysOfSupply!;
  }
  const transition = manager.create(ApplicationTransition, {
    applicationId: app.id,
    fromState,
    toState: cmd.toState,
    actorId: cmd.actor.id,
    actorRole: cmd.actor.role,
    note: cmd.note,
    details: recorded,
  });
  const [inserted] = await runPrepared<Pick<ApplicationTransition, 'id' | 'createdAt'>>(manager, INSERT_TRANSITION, [
    transition.applicationId,
    transition.fromState,
    transition.toState,
    transition.actorId,
    transition.actorRole,
    transition.note,
    JSON.stringify(transition.details),
  ]);
  Object.assign(transition, inserted);
  if (cmd.toState === 'SHIPMENT_SCHEDULED') {
    const shipmentDate = recorded.shipmentDate as string;
    const daysOfSupply = recorded.daysOfSupply as number;
    shipment = manager.create(ApplicationShipment, {
      applicationId: app.id,
      transitionId: transition.id,
      shipmentDate,
      daysOfSupply,
      refillDueAt: toIsoDate(refillDueAt(shipmentDate, daysOfSupply)),
    });
    const [added] = await runPrepared<Pick<ApplicationShipment, 'id' | 'createdAt'>>(manager, INSERT_SHIPMENT, [
      shipment.applicationId,
      shipment.transitionId,
      shipment.shipmentDate,
      shipment.daysOfSupply,
      shipment.refillDueAt,
    ]);
    Object.assign(shipment, added);
  }

  const push = await pushOfChange(manager, app, transition);
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
