// The patients' sealed household facts (patient_eligibility) and the screening context's rows; the sealing
// and opening are EligibilityFactsStore's (eligibility-facts.ts).
import { In, type EntityManager } from 'typeorm';
import { type Insurance, PatientEligibility } from '@rxbridge/database';

/**
 * The screening context's rows of the patients of the applications `$1` (ids), as EligibilityFactsStore.contextsOf
 * reads them: every application view and work queue row reads them, inside its one statement (VIEW_ROWS).
 */
export const SCREENING_CONTEXT_ROWS = `SELECT u.id, u.mailing_state, encode(e.sealed_facts, 'base64') AS sealed_facts, i.provider, i.coverage_type,
          i.drug_coverage, i.extra_help, i.out_of_pocket_cents_this_year
     FROM users u LEFT JOIN patient_eligibility e ON e.user_id = u.id
     LEFT JOIN LATERAL (SELECT provider, coverage_type, drug_coverage, extra_help, out_of_pocket_cents_this_year
                          FROM insurances WHERE user_id = u.id ORDER BY created_at DESC, id DESC LIMIT 1) i ON true
    WHERE u.id IN (SELECT user_id FROM applications WHERE id = ANY($1::uuid[]))`;

/** A row of SCREENING_CONTEXT_ROWS. */
export interface ScreeningContextRow {
  id: string;
  mailing_state: string;
  /** Base64: the rows travel as JSON. */
  sealed_facts: string | null;
  provider: string | null;
  coverage_type: Insurance['coverageType'] | null;
  drug_coverage: Insurance['drugCoverage'];
  extra_help: boolean | null;
  out_of_pocket_cents_this_year: number | null;
}

/** Writes the patient's sealed facts, replacing what was there. */
export async function upsertSealedFacts(manager: EntityManager, userId: string, sealedFacts: Buffer): Promise<void> {
  await manager.upsert(PatientEligibility, { userId, sealedFacts, updatedAt: new Date() }, ['userId']);
}

/** The sealed facts of these patients (distinct ids), those who have any. */
export function sealedFactsOf(manager: EntityManager, userIds: string[]): Promise<PatientEligibility[]> {
  return manager.find(PatientEligibility, { where: { userId: In(userIds) } });
}
