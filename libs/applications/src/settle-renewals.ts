import type { EntityManager } from 'typeorm';
import type { ApplicationState } from '@rxbridge/contracts';
import { endsEnrollment, ENROLLED_STATES, longDay } from '@rxbridge/domain';
import type { Application } from '@rxbridge/database';
import { lockApplicationsOfPrescription } from './applications.repository';
import { changeApplicationState, type StateChange } from './change-application-state';
import { latestSubmissions } from './submissions.repository';
import { TIMELINE_NOTES } from './timeline-notes';

/** Where a renewal is still being prepared; with no fax on its way, nothing of it has gone to the program. */
const PREPARING: readonly ApplicationState[] = ['INTAKE', 'AWAITING_DOCUMENTS', 'AWAITING_PRESCRIBER'];

/**
 * Where an application a renewal took over closes at once (both may move to Closed, libs/domain's table): no
 * shipment of it is under way (Approved), or its enrollment's end has come (Renewal due). From Shipment scheduled,
 * Delivered or Refill due it keeps its refills until its renewal day, when the renewal timer closes it
 * (apps/worker's ApplicationTimers).
 */
const CLOSES_WHEN_TAKEN_OVER: readonly ApplicationState[] = ['APPROVED', 'RENEWAL_DUE'];

const SYSTEM = { id: null, role: 'SYSTEM' } as const;

/** The move that may settle renewals (settlesRenewals in libs/domain), as its event tells it. */
export interface RenewalMove {
  applicationId: string;
  userId: string;
  prescriptionId: string;
  fromState: ApplicationState;
  toState: ApplicationState;
  enrollmentEndDate: string | null;
}

/**
 * What a move settles between an application and its renewals (docs/product.md §18), so a prescription does not keep
 * two enrollments, nor a renewal nobody needs:
 * - a renewal approved takes over: the application it renews, enrolled on the enrollment the renewal continues,
 *   closes, at once when it has no shipment under way, else on its renewal day (the renewal timer);
 * - an application approved again on its own (a new end date) cancels its renewals of the older enrollment still
 *   being prepared; so does an enrollment closed or cancelled, for all of them.
 * Every application of the prescription is locked first, in the order the prescription's other writers lock them;
 * the move's state is read again under the lock, so a late or repeated job finds nothing left to do.
 */
export async function settleRenewals(manager: EntityManager, move: RenewalMove): Promise<void> {
  const apps = await lockApplicationsOfPrescription(manager, move.userId, move.prescriptionId);
  const app = apps.find((a) => a.id === move.applicationId);
  if (!app) return;
  // An approval moved on since (shipped, say) is still the enrollment it set; any other move must still hold.
  if (move.toState === 'APPROVED' ? !ENROLLED_STATES.includes(app.state) : app.state !== move.toState) return;
  const renewalsOf = (a: Application) => apps.filter((r) => r.renewalOf === a.id);

  if (move.toState === 'APPROVED' && app.renewalOf) {
    const renewed = apps.find((a) => a.id === app.renewalOf);
    if (renewed) await closeIfTakenOver(manager, renewed, renewalsOf(renewed));
  }
  if (move.toState === 'RENEWAL_DUE') await closeIfTakenOver(manager, app, renewalsOf(app));

  // An enrollment ended (closed, or cancelled) leaves no renewal to prepare.
  const endedEnrollment = endsEnrollment(move);
  const unneeded = renewalsOf(app).filter(
    (r) =>
      PREPARING.includes(r.state) &&
      ((move.toState === 'APPROVED' && r.renewsEnrollmentEndingOn !== app.enrollmentEndDate) || endedEnrollment),
  );
  const faxing = await latestSubmissions(
    manager,
    unneeded.map((r) => r.id),
  );
  for (const renewal of unneeded) {
    // A fax on its way is the packet at the program's desk: that renewal is the navigator's to settle.
    if (faxing.get(renewal.id)?.status === 'QUEUED') continue;
    await changeApplicationState(manager, {
      applicationId: renewal.id,
      toState: 'CANCELLED',
      note: !endedEnrollment
        ? TIMELINE_NOTES.renewalNotNeeded(longDay(app.enrollmentEndDate!))
        : move.toState === 'CLOSED'
          ? TIMELINE_NOTES.renewalOfClosed
          : TIMELINE_NOTES.renewalOfCancelled,
      actor: SYSTEM,
    });
  }
}

/** The renewal of `renewed` that takes over from it: one of `renewals` enrolled on the enrollment it continues. */
export const renewalTakingOver = (renewed: Application, renewals: readonly Application[]) =>
  renewals.find(
    (r) =>
      r.renewsEnrollmentEndingOn === renewed.enrollmentEndDate &&
      ENROLLED_STATES.includes(r.state) &&
      r.enrollmentEndDate,
  );

/** The system's close of `renewed`, which `takingOver` took over from: the new enrollment's end, the renewal kept. */
export const takenOverClose = (renewed: Application, takingOver: Application): StateChange => ({
  applicationId: renewed.id,
  toState: 'CLOSED',
  note: TIMELINE_NOTES.renewedBy(longDay(takingOver.enrollmentEndDate!)),
  actor: SYSTEM,
  renewedBy: takingOver.id,
});

/** Closes `renewed` once its renewal of the enrollment it is on is enrolled, where it closes at once. */
async function closeIfTakenOver(manager: EntityManager, renewed: Application, renewals: Application[]) {
  const takingOver = renewalTakingOver(renewed, renewals);
  if (!takingOver || !CLOSES_WHEN_TAKEN_OVER.includes(renewed.state)) return;
  await changeApplicationState(manager, takenOverClose(renewed, takingOver));
}
