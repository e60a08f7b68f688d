import type { EntityManager } from 'typeorm';
import { canTransition } from '@rxbridge/domain';
import { lockApplicationsOfPrescription } from './applications.repository';
import { changeApplicationState } from './change-application-state';
import { TIMELINE_NOTES } from './timeline-notes';

/**
 * A removed prescription cancels its open applications (its first one and a renewal); the timeline
 * is kept (docs/product.md §5, §18).
 */
export async function cancelApplicationOfPrescription(manager: EntityManager, userId: string, prescriptionId: string) {
  for (const app of await lockApplicationsOfPrescription(manager, userId, prescriptionId)) {
    if (!canTransition(app.state, 'CANCELLED')) continue;
    await changeApplicationState(manager, {
      applicationId: app.id,
      toState: 'CANCELLED',
      note: TIMELINE_NOTES.cancelledWithPrescription,
      actor: { id: null, role: 'SYSTEM' },
    });
  }
}
