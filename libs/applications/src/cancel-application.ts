import type { EntityManager } from 'typeorm';
import { canTransition } from '@rxbridge/domain';
import { lockApplicationOfPrescription } from './applications.repository';
import { changeApplicationState } from './change-application-state';

/** A removed prescription cancels its open application; the timeline is kept (docs/product.md §5). */
export async function cancelApplicationOfPrescription(manager: EntityManager, userId: string, prescriptionId: string) {
  const app = await lockApplicationOfPrescription(manager, userId, prescriptionId);
  if (!app || !canTransition(app.state, 'CANCELLED')) return;
  await changeApplicationState(manager, {
    applicationId: app.id,
    toState: 'CANCELLED',
    note: 'Cancelled because the prescription was removed.',
    actor: { id: null, role: 'SYSTEM' },
  });
}
