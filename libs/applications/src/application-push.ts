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

/** Where a change of an application is pushed: the patient's sockets and the navigators'. */
export function applicationPush(update: SocketApplicationUpdated): LivePush {
  return { rooms: [userRoom(update.userId), NAVIGATORS_ROOM], event: SOCKET_EVENTS.applicationUpdated, data: update };
}
