import { In, type EntityManager } from 'typeorm';
import { ENROLLED_STATES } from '@rxbridge/domain';
import { Application, ApplicationShipment } from '@rxbridge/database';

/**
 * The open cases a refill, renewal, enrollment reminder or renewal opening timer may be pending for
 * (docs/product.md §5 Applications, §18).
 */
export function applicationsWithTimers(manager: EntityManager): Promise<Application[]> {
  return manager.find(Application, { where: [{ state: 'DELIVERED' }, { state: In([...ENROLLED_STATES]) }] });
}

/** Each application's latest shipment. */
export async function latestShipments(
  manager: EntityManager,
  applicationIds: string[],
): Promise<Map<string, ApplicationShipment>> {
  if (!applicationIds.length) return new Map();
  const rows = await manager.find(ApplicationShipment, {
    where: { applicationId: In(applicationIds) },
    order: { createdAt: 'ASC', id: 'ASC' },
  });
  // Oldest first, so each application's last write is its latest shipment.
  return new Map(rows.map((s) => [s.applicationId, s]));
}
