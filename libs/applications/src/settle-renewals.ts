import type { EntityManager } from 'typeorm';
import type { ApplicationState } from '@rxbridge/contracts';
import { canTransition, ENROLLED_STATES, longDay } from '@rxbridge/domain';
import type { Application } from '@rxbridge/database';
import { lockApplicationsOfPrescription } from './applications.repository';
import { changeApplicationState } from './change-application-state';
import { TIMELINE_NOTES } from './timeline-notes';

/** A renewal still being prepared: nothing of it has gone to the program yet. */
const NOT_YET_SENT: readonly ApplicationState[] = ['INTAKE', 'AWAITING_DOCUMENTS', 'AWAITING_PRESCRIBER'];

const SYSTEM = { id: null, role: 'SYSTEM' } as const;

/**
 * What an approval settles between an application and its renewals (docs/product.md §18), so a prescription is not
 * left with two enrollments running side by side:
 * - a renewal approved closes the application it renews, while that one is still enrolled on the enrollment the
 *   renewal continues: the new enrollment takes over;
 * - an application approved again on its own (re-enrolled, a new end date) cancels its renewals of an older
 *   enrollment not yet sent to the program: there is nothing left for them to renew.
 * Every application of the prescription is locked first, in the order the other writers of a prescription's
 * applications lock them; run again, it finds nothing left to do.
 */
export async function settleRenewals(
  manager: EntityManager,
  approved: { applicationId: string; userId: string; prescriptionId: string },
): Promise<void> {
  const apps = await lockApplicationsOfPrescription(manager, approved.userId, approved.prescriptionId);
  const app = apps.find((a) => a.id === approved.applicationId);
  if (!app || !ENROLLED_STATES.includes(app.state) || !app.enrollmentEndDate) return;
  const ends = longDay(app.enrollmentEndDate);
  const renewed = app.renewalOf ? apps.find((a) => a.id === app.renewalOf) : undefined;
  if (renewed && takesOver(app, renewed)) {
    await changeApplicationState(manager, {
      applicationId: renewed.id,
      toState: 'CLOSED',
      note: TIMELINE_NOTES.renewedBy(ends),
      actor: SYSTEM,
    });
  }
  for (const renewal of apps.filter((a) => a.renewalOf === app.id && outdated(a, app))) {
    await changeApplicationState(manager, {
      applicationId: renewal.id,
      toState: 'CANCELLED',
      note: TIMELINE_NOTES.renewalNotNeeded(ends),
      actor: SYSTEM,
    });
  }
}

/** The renewal's approval takes over from the application it renews, still enrolled on the enrollment it continues. */
const takesOver = (renewal: Application, renewed: Application) =>
  ENROLLED_STATES.includes(renewed.state) &&
  renewed.enrollmentEndDate === renewal.renewsEnrollmentEndingOn &&
  canTransition(renewed.state, 'CLOSED');

/** A renewal, not yet sent, of an enrollment the application it renews no longer has. */
const outdated = (renewal: Application, app: Application) =>
  NOT_YET_SENT.includes(renewal.state) && renewal.renewsEnrollmentEndingOn !== app.enrollmentEndDate;
