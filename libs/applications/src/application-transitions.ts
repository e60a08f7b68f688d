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
import { Application, ApplicationShipment, ApplicationTransition } from '@rxbridge/database';
import { appendToOutbox } from '@rxbridge/events';
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
}

export interface TransitionDone {
  application: Application;
  transition: ApplicationTransition;
  shipment: ApplicationShipment | null;
}

/** Locks the application row for the rest of the caller's transaction. */
export async function lockApplication(manager: EntityManager, applicationId: string): Promise<Application> {
  // A malformed id is just another id that does not exist (and never reaches PostgreSQL's uuid parser).
  const app = UUID.test(applicationId)
    ? await manager.findOne(Application, { where: { id: applicationId }, lock: { mode: 'pessimistic_write' } })
    : null;
  if (!app) throw notFound('Application');
  return app;
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
  await manager.update(
    Application,
    { id: app.id },
    { state: app.state, enrollmentStartDate: app.enrollmentStartDate, enrollmentEndDate: app.enrollmentEndDate },
  );

  let shipment: ApplicationShipment | null = null;
  if (cmd.toState === 'SHIPMENT_SCHEDULED') {
    recorded.shipmentDate = toIsoDate(details.shipmentDate!);
    recorded.daysOfSupply = details.daysOfSupply!;
  }
  const transition = await manager.save(
    ApplicationTransition,
    manager.create(ApplicationTransition, {
      applicationId: app.id,
      fromState,
      toState: cmd.toState,
      actorId: cmd.actor.id,
      actorRole: cmd.actor.role,
      note: cmd.note,
      details: recorded,
    }),
  );
  if (cmd.toState === 'SHIPMENT_SCHEDULED') {
    const shipmentDate = recorded.shipmentDate as string;
    const daysOfSupply = recorded.daysOfSupply as number;
    shipment = await manager.save(
      ApplicationShipment,
      manager.create(ApplicationShipment, {
        applicationId: app.id,
        transitionId: transition.id,
        shipmentDate,
        daysOfSupply,
        refillDueAt: toIsoDate(refillDueAt(shipmentDate, daysOfSupply)),
      }),
    );
  }

  await appendToOutbox(
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
    await pushOfChange(manager, app, transition),
  );
  return { application: app, transition, shipment };
}
