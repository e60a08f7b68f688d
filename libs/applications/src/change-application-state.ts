import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import {
  APPLICATION_MESSAGES,
  STAFF_ROLES,
  type ApplicationState,
  type Role,
  type SocketApplicationUpdated,
  type TransitionActorRole,
} from '@rxbridge/contracts';
import {
  IllegalTransitionError,
  assertTransition,
  enrollmentPeriod,
  findProgram,
  refillDueAt,
  RENEWED_BY,
  stateLabel,
  toIsoDate,
  validateTransitionDetails,
  type TransitionDetails,
} from '@rxbridge/domain';
import type { Application } from '@rxbridge/database';
import { outboxRow, pushAfterCommit } from '@rxbridge/events';
import { badRequest, conflict } from '@rxbridge/platform';
import { applicationPush, toApplicationUpdate } from './application-push';
import { applicationWithMedication, writeStateChange, type StateChangeRow } from './application-state.repository';
import { lastMoveActor, type TimelineEntry } from './timeline.repository';

export interface StateChangeActor {
  /** null for the system (timers, a removed prescription). */
  id: string | null;
  role: TransitionActorRole;
}

export interface StateChange {
  applicationId: string;
  toState: ApplicationState;
  /** When given, the state the caller saw: a different current state answers 409. */
  fromState?: ApplicationState;
  note: string;
  details?: TransitionDetails;
  actor: StateChangeActor;
  /** The system's close of an application a renewal took over: that renewal, recorded as RENEWED_BY. */
  renewedBy?: string;
}

export interface StateChanged {
  application: Application;
  entry: TimelineEntry & { createdAt: Date };
  shipment: (StateChangeRow['shipment'] & { createdAt: Date }) | null;
  /** The `application.transitioned` outbox row, and the change as the patient's sockets hear it. */
  outboxId: string;
  update: SocketApplicationUpdated;
}

/** How often a change is planned again when the state moved under it. */
const ATTEMPTS = 5;

/**
 * The one way an application changes state (docs/product.md §5 Applications), for navigators,
 * timers and the system alike: the application is read, the change checked against the rules of
 * libs/domain (409 for a stale or illegal move, 400 for missing details), and written in one
 * statement with its timeline entry, the shipment it schedules and its `application.transitioned`
 * event, only if the state is still the one read (docs/architecture.md §5). Its push follows the
 * commit (pushAfterCommit). Alone, the statement is its own transaction; in a caller's transaction
 * it commits with the caller's other writes. Of two changes of one case at once, the second finds
 * the state moved and is planned again from the new one.
 */
export async function changeApplicationState(manager: EntityManager, change: StateChange): Promise<StateChanged> {
  for (let attempt = 1; ; attempt++) {
    const { app, medication } = await applicationWithMedication(manager, change.applicationId, { lock: false });
    const seen = app.state;
    const planned = await plan(manager, app, medication, change);
    const written = await writeStateChange(manager, planned.row);
    if (written) {
      const update = { ...planned.update, at: written.createdAt.toISOString() };
      pushAfterCommit(manager, planned.outboxId, applicationPush(update));
      return {
        application: app,
        entry: { ...planned.row.entry, createdAt: written.createdAt },
        shipment: planned.row.shipment && { ...planned.row.shipment, createdAt: written.shipmentCreatedAt! },
        outboxId: planned.outboxId,
        update,
      };
    }
    if (attempt === ATTEMPTS)
      throw conflict(APPLICATION_MESSAGES.stale(stateLabel(seen), 'someone else'), 'stale-state');
  }
}

/** Checks the change against the application as read and builds the row it writes. */
async function plan(manager: EntityManager, app: Application, medication: string, change: StateChange) {
  if (change.fromState && change.fromState !== app.state) {
    const by = (await lastMoveActor(manager, app.id)) === null ? 'the system' : 'someone else';
    throw conflict(APPLICATION_MESSAGES.stale(stateLabel(app.state), by), 'stale-state');
  }
  try {
    assertTransition(app.state, change.toState);
  } catch (err) {
    if (err instanceof IllegalTransitionError) throw conflict(err.message, 'illegal-transition');
    throw err;
  }
  const details = change.details ?? {};
  const today = new Date();
  const fields = Object.entries(validateTransitionDetails(change.toState, details, today)) as [string, string][];
  if (fields.length)
    throw badRequest(`${fields[0][0]}: ${fields[0][1]}`, Object.fromEntries(fields), 'validation-failed');

  const fromState = app.state;
  const recorded: Record<string, unknown> = change.renewedBy ? { [RENEWED_BY]: change.renewedBy } : {};
  if (change.toState === 'APPROVED') {
    // The navigator's dates, else the program's rule from the approval's day (docs/product.md §18).
    const program = app.programId ? findProgram(app.programId) : undefined;
    const period = enrollmentPeriod(
      { startsOn: details.enrollmentStartsOn, endsOn: details.enrollmentEndsOn },
      today,
      program?.enrollment ?? null,
    );
    app.enrollmentStartDate = period.startsOn;
    app.enrollmentEndDate = period.endsOn;
    app.enrollmentEstimated = period.estimated;
    recorded.enrollmentStartDate = app.enrollmentStartDate;
    recorded.enrollmentEndDate = app.enrollmentEndDate;
    if (period.estimated) recorded.enrollmentEstimated = true;
  }
  app.state = change.toState;
  const entry: TimelineEntry = {
    id: randomUUID(),
    applicationId: app.id,
    fromState,
    toState: change.toState,
    actorId: change.actor.id,
    actorRole: change.actor.role,
    note: change.note,
    details: recorded,
  };
  let shipment: StateChangeRow['shipment'] = null;
  if (change.toState === 'SHIPMENT_SCHEDULED') {
    const shipmentDate = toIsoDate(details.shipmentDate!);
    const daysOfSupply = details.daysOfSupply!;
    recorded.shipmentDate = shipmentDate;
    recorded.daysOfSupply = daysOfSupply;
    shipment = {
      id: randomUUID(),
      shipmentDate,
      daysOfSupply,
      refillDueAt: toIsoDate(refillDueAt(shipmentDate, daysOfSupply)),
    };
  }
  // The payload's and the push's `at` are the timeline entry's time, which the statement sets.
  const update = toApplicationUpdate(app, medication, { ...entry, createdAt: new Date(0) }, new Date(0));
  const event = outboxRow(
    'application.transitioned',
    {
      applicationId: app.id,
      userId: app.userId,
      prescriptionId: app.prescriptionId,
      fromState,
      toState: app.state,
      transitionId: entry.id,
      actorId: entry.actorId,
      at: '',
      enrollmentStartDate: app.enrollmentStartDate,
      enrollmentEndDate: app.enrollmentEndDate,
      shipment,
    },
    app.userId,
    applicationPush(update),
  );
  // A staff member's move shows them the patient's application: audited by the move's own statement
  // (docs/architecture.md §9).
  const staff = change.actor.id && STAFF_ROLES.includes(change.actor.role as Role) ? change.actor.id : null;
  const audit = !staff
    ? null
    : {
        actorId: staff,
        actorRole: change.actor.role as Role,
        action: 'application.moved',
        entityType: 'application',
        metadata: { fromState, toState: app.state },
      };
  return { row: { app, fromState, entry, shipment, event: event.params, audit }, outboxId: event.id, update };
}
