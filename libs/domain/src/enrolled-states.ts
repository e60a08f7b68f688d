import type { ApplicationState } from '@rxbridge/contracts';

// Which states hold an enrollment (docs/product.md §18), in a module of their own that imports nothing: the
// dashboard's first load asks whether a renewal took over, and libs/domain's larger modules would bring the
// contracts' schemas with them (docs/architecture.md §1, What loads first).

/**
 * The enrolled states a renewal reminder is armed in: those a case can leave for RENEWAL_DUE (applications.spec.ts
 * checks it against the table).
 */
export const RENEWAL_STATES: readonly ApplicationState[] = [
  'APPROVED',
  'SHIPMENT_SCHEDULED',
  'DELIVERED',
  'REFILL_DUE',
];

/** States in which an enrollment is in force: its reminders and its renewal may come due. */
export const ENROLLED_STATES: readonly ApplicationState[] = [...RENEWAL_STATES, 'RENEWAL_DUE'];

/** The detail the system's close records when a renewal took over (settleRenewals): the renewal's id. */
export const RENEWED_BY = 'renewedBy';

interface TimelineOf {
  id: string;
  state: ApplicationState;
  timeline: readonly { toState: ApplicationState; details: Record<string, unknown> }[];
}

/**
 * Whether `application` is Closed because a renewal of it took over (docs/product.md §18): the close that ended it
 * was the system's, recording the renewal (RENEWED_BY), and that renewal has not ended since (closed by a navigator or
 * cancelled; closed because its own renewal took over, it goes on under that one). Its patient's medication goes on
 * under the renewal; the generic Closed text would send them to support. A navigator's close keeps the generic text.
 */
export function renewalTookOver(application: TimelineOf, applications: readonly TimelineOf[]): boolean {
  const last = application.timeline.at(-1);
  if (application.state !== 'CLOSED' || last?.toState !== 'CLOSED') return false;
  const renewedBy = last.details[RENEWED_BY];
  if (typeof renewedBy !== 'string') return false;
  const renewal = applications.find((a) => a.id === renewedBy);
  if (!renewal) return true;
  return renewal.state === 'CLOSED' ? renewalTookOver(renewal, applications) : renewal.state !== 'CANCELLED';
}

/** The states a case has ended in: nothing can happen to it any more (isTerminal; applications.spec.ts checks it). */
export const ENDED_STATES: readonly ApplicationState[] = ['CLOSED', 'CANCELLED'];

/**
 * The application a prescription's row shows (docs/product.md §18), from its applications oldest first: the newest
 * that has not ended, else the newest. A renewal that took over shows, not the enrollment it closed; an enrollment
 * that re-enrolled itself shows, not its renewal cancelled after as not needed.
 */
export function currentApplication<T extends { state: ApplicationState }>(applications: readonly T[]): T | undefined {
  return applications.findLast((a) => !ENDED_STATES.includes(a.state)) ?? applications.at(-1);
}
