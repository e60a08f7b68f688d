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

/** A navigator's asks of one patient for one application on one UTC day, from the first. */
export interface AskedOnDay {
  applicationId: string;
  userId: string;
  askedAt: Date;
}

/**
 * Where a navigator asked the patient for a document since `since` (an item a staff member marked missing: the
 * patient only ever attaches), per application and UTC day with the time of its first ask: the asked-documents emails
 * that may still be due (docs/product.md §11), re-armed when Redis lost them.
 */
export function applicationsAskedSince(manager: EntityManager, since: Date): Promise<AskedOnDay[]> {
  return manager.query(
    `SELECT d.application_id AS "applicationId", a.user_id AS "userId", min(d.updated_at) AS "askedAt"
       FROM application_documents d JOIN applications a ON a.id = d.application_id
      WHERE d.status = 'MISSING' AND d.updated_at >= $1 AND d.updated_by IS NOT NULL AND d.updated_by <> a.user_id
      GROUP BY d.application_id, a.user_id, (d.updated_at AT TIME ZONE 'UTC')::date`,
    [since],
  );
}
