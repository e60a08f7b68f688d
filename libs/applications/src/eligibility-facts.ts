// The patient's household facts (docs/product.md §15), sealed at rest, and the screening context of each patient.
import { In, type EntityManager } from 'typeorm';
import type { EligibilityFacts, EligibilityFactsPayload } from '@rxbridge/contracts';
import type { PatientScreeningContext } from '@rxbridge/domain';
import { Insurance, PatientEligibility, User } from '@rxbridge/database';
import { DocumentCipher } from '@rxbridge/documents';

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
    await manager.upsert(PatientEligibility, { userId, sealedFacts, updatedAt: new Date() }, ['userId']);
  }

  async read(manager: EntityManager, userIds: string[]): Promise<Map<string, EligibilityFacts>> {
    const ids = [...new Set(userIds)];
    if (!ids.length) return new Map();
    const rows = await manager.find(PatientEligibility, { where: { userId: In(ids) } });
    return new Map(rows.map((r) => [r.userId, this.open(r)]));
  }

  async readOne(manager: EntityManager, userId: string): Promise<EligibilityFacts> {
    return (await this.read(manager, [userId])).get(userId) ?? { householdSize: null, annualIncomeCents: null };
  }

  /** Screening context per patient: facts, the newest insurance record's coverage type (none: None), the state. */
  async contexts(manager: EntityManager, userIds: string[]): Promise<Map<string, PatientScreeningContext>> {
    const ids = [...new Set(userIds)];
    if (!ids.length) return new Map();
    // One after another: inside a transaction the manager holds a single connection.
    const facts = await this.read(manager, ids);
    const insurances = await manager.find(Insurance, {
      select: { userId: true, coverageType: true, createdAt: true, id: true },
      where: { userId: In(ids) },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    const users = await manager.find(User, { select: { id: true, mailingState: true }, where: { id: In(ids) } });
    const newestCoverage = new Map<string, Insurance['coverageType']>();
    for (const i of insurances) if (!newestCoverage.has(i.userId)) newestCoverage.set(i.userId, i.coverageType);
    return new Map(
      users.map((u) => [
        u.id,
        {
          facts: facts.get(u.id) ?? null,
          insuranceType: newestCoverage.get(u.id) ?? 'None',
          state: u.mailingState,
        },
      ]),
    );
  }

  private open(row: PatientEligibility): EligibilityFacts {
    const parsed = JSON.parse(this.cipher.open(row.sealedFacts, aad(row.userId)).toString('utf8')) as EligibilityFacts;
    return { householdSize: parsed.householdSize, annualIncomeCents: parsed.annualIncomeCents };
  }
}
