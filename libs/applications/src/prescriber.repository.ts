import { IsNull, type EntityManager } from 'typeorm';
import type { PrescriberRequestStatus } from '@rxbridge/contracts';
import { PrescriberRequest, PrescriberSignature } from '@rxbridge/database';

/**
 * The latest signing request of each application `$1` (ids), signed or not, for the navigators' queue
 * (docs/product.md §16): who is waiting on a prescriber and since when. A signature through any link of the
 * application given since that request counts; one from before it (the prescriber asked again) does not. Every page of the queue and every navigator's move reads it, inside the view's one statement
 * (NAVIGATOR_PARTS, docs/architecture.md §15).
 */
export const LATEST_PRESCRIBER_REQUESTS_SQL = `SELECT DISTINCT ON (r.application_id) r.application_id AS "applicationId", r.email,
          r.created_at AS "sentAt", r.expires_at AS "expiresAt", s.signed_at AS "signedAt", s.name AS "signedBy"
     FROM prescriber_requests r
     LEFT JOIN LATERAL (
       SELECT signed_at, name FROM prescriber_signatures ps
        WHERE ps.application_id = r.application_id AND ps.signed_at >= r.created_at
        ORDER BY signed_at DESC, id DESC LIMIT 1) s ON true
    WHERE r.application_id = ANY($1::uuid[])
    ORDER BY r.application_id, r.created_at DESC, r.id DESC`;

/** A row of LATEST_PRESCRIBER_REQUESTS_SQL, as JSON (times as text). */
export interface PrescriberRequestRow {
  applicationId: string;
  email: string;
  sentAt: string;
  expiresAt: string;
  signedAt: string | null;
  signedBy: string | null;
}

const iso = (s: string) => new Date(s).toISOString();

/** Each application's latest request (PrescriberRequestRow), by application id. */
export function prescriberRequestStatuses(rows: PrescriberRequestRow[]): Map<string, PrescriberRequestStatus> {
  return new Map(
    rows.map((r) => [
      r.applicationId,
      {
        email: r.email,
        sentAt: iso(r.sentAt),
        expiresAt: iso(r.expiresAt),
        signedAt: r.signedAt === null ? null : iso(r.signedAt),
        signedBy: r.signedBy,
      },
    ]),
  );
}

/** A new signing request; only the hash of its link's token is kept. */
export async function insertPrescriberRequest(
  manager: EntityManager,
  row: Pick<PrescriberRequest, 'id' | 'applicationId' | 'email' | 'tokenHash' | 'requestedBy' | 'expiresAt'>,
): Promise<PrescriberRequest> {
  await manager.insert(PrescriberRequest, row);
  return manager.findOneByOrFail(PrescriberRequest, { id: row.id });
}

/** The request a link's token hash names, locked for the caller's transaction when asked; null when none. */
export function prescriberRequestByTokenHash(manager: EntityManager, tokenHash: string, { lock }: { lock: boolean }) {
  return manager.findOne(PrescriberRequest, {
    where: { tokenHash },
    ...(lock && { lock: { mode: 'pessimistic_write' as const } }),
  });
}

/** Spends every open link of the application: one signature closes them all. */
export async function spendPrescriberLinks(manager: EntityManager, applicationId: string): Promise<void> {
  await manager.update(PrescriberRequest, { applicationId, usedAt: IsNull() }, { usedAt: () => 'now()' });
}

export async function insertPrescriberSignature(
  manager: EntityManager,
  row: Pick<
    PrescriberSignature,
    | 'applicationId'
    | 'requestId'
    | 'name'
    | 'npi'
    | 'ipAddress'
    | 'userAgent'
    | 'packetSha256'
    | 'licenseNumber'
    | 'licenseState'
    | 'deaNumber'
    | 'taxId'
    | 'factsSha256'
  >,
): Promise<void> {
  await manager.insert(PrescriberSignature, row);
}

/** The application's latest prescriber signature, or null. */
export function latestPrescriberSignature(manager: EntityManager, applicationId: string) {
  return manager.findOne(PrescriberSignature, { where: { applicationId }, order: { signedAt: 'DESC', id: 'DESC' } });
}

/** Wrong dates of birth that spend a signing link (docs/product.md §16). */
export const WRONG_BIRTH_DATES_ALLOWED = 5;

/**
 * Counts a wrong date of birth given through a live link, in one statement, so answers given at once all count;
 * the fifth spends the link. Answers the link's count after it, or null when the link was already spent or expired.
 */
export async function recordWrongBirthDate(manager: EntityManager, requestId: string): Promise<number | null> {
  const [rows] = (await manager.query(
    `UPDATE prescriber_requests
        SET wrong_birth_dates = wrong_birth_dates + 1,
            used_at = CASE WHEN wrong_birth_dates + 1 >= $2 THEN now() ELSE used_at END
      WHERE id = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING wrong_birth_dates`,
    [requestId, WRONG_BIRTH_DATES_ALLOWED],
  )) as [{ wrong_birth_dates: number }[], number];
  return rows.length ? rows[0].wrong_birth_dates : null;
}
