import type { EntityManager } from 'typeorm';
import { PatientSignature } from '@rxbridge/database';
import type { SignedFacts } from '@rxbridge/domain';

/** An application's latest signature by one signer, as the views read it (JSON: times as text). */
export interface SignatureRow {
  applicationId: string;
  signer: 'PATIENT' | 'PRESCRIBER';
  signedAt: string;
  signedBy: string;
  factsSha256: SignedFacts | null;
}

/** Each application's latest patient and prescriber signature ($1: application ids), read with its view (VIEW_ROWS). */
export const LATEST_SIGNATURES_SQL = `SELECT * FROM (
     SELECT DISTINCT ON (application_id) application_id AS "applicationId", 'PATIENT' AS signer,
            signed_at AS "signedAt", name AS "signedBy", facts_sha256 AS "factsSha256"
       FROM patient_signatures WHERE application_id = ANY($1::uuid[])
      ORDER BY application_id, signed_at DESC, id DESC) p
   UNION ALL
   SELECT * FROM (
     SELECT DISTINCT ON (application_id) application_id, 'PRESCRIBER', signed_at, name, facts_sha256
       FROM prescriber_signatures WHERE application_id = ANY($1::uuid[])
      ORDER BY application_id, signed_at DESC, id DESC) s`;

/** The patient's signature, with the hashes of the facts it covers. */
export async function insertPatientSignature(
  manager: EntityManager,
  row: Pick<PatientSignature, 'applicationId' | 'userId' | 'name' | 'ipAddress' | 'userAgent' | 'factsSha256'>,
): Promise<PatientSignature> {
  const { identifiers } = await manager.insert(PatientSignature, row);
  return manager.findOneByOrFail(PatientSignature, { id: identifiers[0].id as string });
}

/** The application's latest patient signature, or null. */
export function latestPatientSignature(manager: EntityManager, applicationId: string) {
  return manager.findOne(PatientSignature, { where: { applicationId }, order: { signedAt: 'DESC', id: 'DESC' } });
}
