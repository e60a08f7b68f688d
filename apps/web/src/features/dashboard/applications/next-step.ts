import type { ApplicationView } from '@rxbridge/contracts';
import { currentApplication, patientWaits, renewalTookOver } from '@rxbridge/domain';
import { i18n } from '@/lib/i18n';
import { applicationNextStep } from '@/components/applications/state-label';

/**
 * What happens next for one of the patient's applications, knowing the others: an enrollment a renewal took over
 * says the medication goes on under the renewal, not the generic Closed text (docs/product.md §18); one whose card or
 * fund cannot be used now, that the navigator looks for another route, not its state's ask to upload (§17).
 */
export function patientNextStep(application: ApplicationView, applications: readonly ApplicationView[]): string {
  if (renewalTookOver(application, applications)) return i18n._('records.applicationNextStep.closedRenewed');
  if (patientWaits(application)?.kind === 'ANOTHER_ROUTE') return i18n._('records.applicationNextStep.anotherRoute');
  return applicationNextStep(application.state);
}

/**
 * The application a prescription's row shows: its newest that has not ended, else its newest (GET /applications lists
 * oldest first), so a renewal that took over shows, not the closed enrollment, and an enrollment that re-enrolled
 * itself shows, not its renewal cancelled as not needed (docs/product.md §18).
 */
export const currentApplicationOf = (
  applications: readonly ApplicationView[] | undefined,
  prescriptionId: string,
): ApplicationView | undefined =>
  currentApplication(applications?.filter((a) => a.prescriptionId === prescriptionId) ?? []);
