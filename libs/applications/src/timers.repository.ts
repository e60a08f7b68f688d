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
 * Where a navigator asked the patient for something since `since`, per application and UTC day with the time of its
 * first ask: an item a staff member marked missing (the patient's own writes leave the mark and its time as they
 * were; a row that names the patient is none), another program set (the patient signs for it), or a received file the
 * fax could not turn into pages (the system's ask, docs/product.md §17). The asked-documents emails that may still be
 * due (docs/product.md §11), re-armed when Redis lost them.
 */
export function applicationsAskedSince(manager: EntityManager, since: Date): Promise<AskedOnDay[]> {
  return manager.query(
    `SELECT asks.application_id AS "applicationId", a.user_id AS "userId", min(asks.at) AS "askedAt"
       FROM (SELECT application_id, updated_at AS at, updated_by AS by FROM application_documents
              WHERE status = 'MISSING' AND updated_by IS NOT NULL AND updated_at >= $1
             UNION ALL
             SELECT application_id, created_at, actor_id FROM application_transitions
              WHERE details ? 'previousProgramId' AND created_at >= $1
             UNION ALL
             SELECT ad.application_id, d.unfaxable_at, NULL FROM application_documents ad
               JOIN documents d ON d.id = ad.document_id
              WHERE ad.status = 'RECEIVED' AND d.unfaxable_at >= $1) asks
       JOIN applications a ON a.id = asks.application_id
      WHERE asks.by IS DISTINCT FROM a.user_id
      GROUP BY asks.application_id, a.user_id, (asks.at AT TIME ZONE 'UTC')::date`,
    [since],
  );
}
