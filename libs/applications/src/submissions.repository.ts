import type { EntityManager } from 'typeorm';
import type { SubmissionView } from '@rxbridge/contracts';
import { ApplicationDocument, ApplicationSubmission, PatientDocument, prepared, runPrepared } from '@rxbridge/database';

/** Each of the applications ($1) latest submission: also part of an application's view rows (application-views.repository). */
export const LATEST_SUBMISSIONS_SQL = `SELECT DISTINCT ON (application_id) id, application_id AS "applicationId", channel,
          to_address AS "toAddress", status, reference, failure_reason AS "failureReason", attempt,
          submitted_by AS "submittedBy", created_at AS "createdAt", sent_at AS "sentAt"
     FROM application_submissions WHERE application_id = ANY($1::uuid[])
    ORDER BY application_id, created_at DESC, id DESC`;
const LATEST_SUBMISSIONS = prepared('latest-submissions', LATEST_SUBMISSIONS_SQL);

/** Each application's latest submission to its program, in one statement (docs/product.md §17). */
export async function latestSubmissions(
  manager: EntityManager,
  applicationIds: string[],
): Promise<Map<string, ApplicationSubmission>> {
  if (!applicationIds.length) return new Map();
  const rows = await runPrepared<ApplicationSubmission>(manager, LATEST_SUBMISSIONS, [applicationIds]);
  return new Map(rows.map((r) => [r.applicationId, r]));
}

export function toSubmissionView(s: ApplicationSubmission): SubmissionView {
  return {
    id: s.id,
    channel: s.channel,
    to: s.toAddress,
    status: s.status,
    reference: s.reference,
    failureReason: s.failureReason,
    createdAt: new Date(s.createdAt).toISOString(),
    sentAt: s.sentAt ? new Date(s.sentAt).toISOString() : null,
  };
}

/** A new submission: QUEUED for the worker's fax, or SENT for a portal submission the navigator made. */
export async function insertSubmission(
  manager: EntityManager,
  row: Pick<ApplicationSubmission, 'applicationId' | 'channel' | 'toAddress' | 'reference' | 'status' | 'submittedBy'> &
    Partial<Pick<ApplicationSubmission, 'sentAt'>>,
): Promise<ApplicationSubmission> {
  const { identifiers } = await manager.insert(ApplicationSubmission, row);
  return manager.findOneByOrFail(ApplicationSubmission, { id: identifiers[0].id as string });
}

/** The submission as it is now, unlocked (the fax sender's read before it sends); null when none. */
export function findSubmission(manager: EntityManager, id: string): Promise<ApplicationSubmission | null> {
  return manager.findOneBy(ApplicationSubmission, { id });
}

/** The submission, locked for the caller's transaction; null when none. */
export function lockSubmission(manager: EntityManager, id: string) {
  return manager.findOne(ApplicationSubmission, { where: { id }, lock: { mode: 'pessimistic_write' } });
}

/** The outcome of a fax attempt, or a Retry that queues the next attempt. */
export async function updateSubmission(
  manager: EntityManager,
  id: string,
  changes: Partial<Pick<ApplicationSubmission, 'status' | 'failureReason' | 'attempt' | 'sentAt'>>,
): Promise<void> {
  await manager.update(ApplicationSubmission, { id }, changes);
}

/**
 * Records that the packet's renderer could not turn the document into fax pages (docs/product.md §17): from then on
 * it counts as one the fax cannot carry, on every application it is attached to. Its first time is kept.
 */
export async function recordUnfaxable(manager: EntityManager, documentId: string): Promise<void> {
  await manager.query(`UPDATE documents SET unfaxable_at = now() WHERE id = $1 AND unfaxable_at IS NULL`, [documentId]);
}

/** The patient's documents attached to the application's received checklist items, in checklist order. */
export function receivedDocumentsOf(manager: EntityManager, applicationId: string) {
  return manager
    .createQueryBuilder(PatientDocument, 'd')
    .innerJoin(ApplicationDocument, 'ad', 'ad.document_id = d.id')
    .where('ad.application_id = :applicationId AND ad.status = :status', { applicationId, status: 'RECEIVED' })
    .orderBy('ad.received_at', 'ASC')
    .addOrderBy('d.id', 'ASC')
    .getMany();
}
