import { NAVIGATORS_ROOM, SOCKET_EVENTS, userRoom, type SocketApplicationUpdated } from '@rxbridge/contracts';
import { nextStepFor, stateLabel } from '@rxbridge/domain';
import type { Application, ApplicationTransition } from '@rxbridge/database';
import type { LivePush } from '@rxbridge/events';

/** A change as the sockets carry it. With a transition, its states; without, the current state. */
export function toApplicationUpdate(
  app: Application,
  medication: string,
  change: Pick<ApplicationTransition, 'id' | 'fromState' | 'toState' | 'createdAt'> | null,
  at: Date = change?.createdAt ?? new Date(),
): SocketApplicationUpdated {
  const state = change?.toState ?? app.state;
  return {
    applicationId: app.id,
    userId: app.userId,
    prescriptionId: app.prescriptionId,
    medication,
    state,
    stateLabel: stateLabel(state),
    nextStep: nextStepFor(state),
    previousState: change ? change.fromState : app.state,
    transitionId: change?.id ?? null,
    at: at.toISOString(),
  };
}

/**
 * Where a change of an application is pushed: the patient's sockets hear it whole, the navigators' its ids only, and
 * their console reads the rest through the audited API (docs/architecture.md §9).
 */
export function applicationPush(update: SocketApplicationUpdated): LivePush {
  const changed = {
    applicationId: update.applicationId,
    userId: update.userId,
    transitionId: update.transitionId,
    opened: update.previousState === null,
  };
  return [
    { rooms: [userRoom(update.userId)], event: SOCKET_EVENTS.applicationUpdated, data: update },
    { rooms: [NAVIGATORS_ROOM], event: SOCKET_EVENTS.applicationChanged, data: changed },
  ];
}
