// The patient's household facts (docs/product.md §15), sealed at rest, and the screening context of each patient.
import type { EntityManager } from 'typeorm';
import type { EligibilityFacts, EligibilityFactsPayload } from '@rxbridge/contracts';
import { patientCoverage, screeningInsuranceTypeOf, type PatientScreeningContext } from '@rxbridge/domain';
import type { PatientEligibility } from '@rxbridge/database';
import { DocumentCipher } from '@rxbridge/documents';
import { decodeEncryptionKey, SETTINGS, type Settings } from '@rxbridge/platform';
import { sealedFactsOf, upsertSealedFacts, type ScreeningContextRow } from './eligibility-facts.repository';

/** Associated data binds a sealed row to its patient: copied under another user id it fails to open. */
const aad = (userId: string) => `eligibility:${userId}`;

/**
 * Seals and opens household facts with the documents key (AES-256-GCM, docs/architecture.md §14). Income is health
 * and financial data: it never appears in a log, an event or a URL, only in this table and in the owner's answers.
 */
export class EligibilityFactsStore {
  constructor(private readonly cipher: DocumentCipher) {}

  static fromKey(key: Buffer): EligibilityFactsStore {
    return new EligibilityFactsStore(new DocumentCipher(key));
  }

  async write(manager: EntityManager, userId: string, facts: EligibilityFactsPayload): Promise<void> {
    const plain = JSON.stringify({ householdSize: facts.householdSize, annualIncomeCents: facts.annualIncomeCents });
    const sealedFacts = this.cipher.seal(Buffer.from(plain, 'utf8'), aad(userId));
    await upsertSealedFacts(manager, userId, sealedFacts);
  }

  async read(manager: EntityManager, userIds: string[]): Promise<Map<string, EligibilityFacts>> {
    const ids = [...new Set(userIds)];
    if (!ids.length) return new Map();
    const rows = await sealedFactsOf(manager, ids);
    return new Map(rows.map((r) => [r.userId, this.open(r)]));
  }

  async readOne(manager: EntityManager, userId: string): Promise<EligibilityFacts> {
    return (await this.read(manager, [userId])).get(userId) ?? { householdSize: null, annualIncomeCents: null };
  }

  /**
   * Screening context per patient, by patient id, from SCREENING_CONTEXT_ROWS: facts, the state and the coverage of
   * the newest insurance record (none: NONE, docs/product.md §15), with the insurance type the programs' rules read
   * beside the coverage answers.
   */
  contextsOf(rows: ScreeningContextRow[]): Map<string, PatientScreeningContext> {
    return new Map(
      rows.map((r) => {
        const insurance =
          r.provider === null || r.coverage_type === null
            ? null
            : {
                provider: r.provider,
                coverageType: r.coverage_type,
                drugCoverage: r.drug_coverage,
                extraHelp: r.extra_help,
                outOfPocketCentsThisYear: r.out_of_pocket_cents_this_year,
              };
        return [
          r.id,
          {
            facts: r.sealed_facts
              ? this.open({ userId: r.id, sealedFacts: Buffer.from(r.sealed_facts, 'base64') })
              : null,
            insuranceType: screeningInsuranceTypeOf(insurance),
            ...patientCoverage(insurance),
            state: r.mailing_state,
          },
        ];
      }),
    );
  }

  private open(row: Pick<PatientEligibility, 'userId' | 'sealedFacts'>): EligibilityFacts {
    const parsed = JSON.parse(this.cipher.open(row.sealedFacts, aad(row.userId)).toString('utf8')) as EligibilityFacts;
    return { householdSize: parsed.householdSize, annualIncomeCents: parsed.annualIncomeCents };
  }
}

/** The store as a Nest provider (the API and the worker): household facts are sealed with the documents key. */
export const eligibilityFactsProvider = {
  provide: EligibilityFactsStore,
  inject: [SETTINGS],
  useFactory: (s: Settings) => EligibilityFactsStore.fromKey(decodeEncryptionKey(s.DOCUMENTS_ENCRYPTION_KEY)!),
};
