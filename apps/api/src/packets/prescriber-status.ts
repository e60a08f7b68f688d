import { In, type EntityManager } from 'typeorm';
import type { PrescriberRequestStatus } from '@rxbridge/contracts';
import { PrescriberRequest, PrescriberSignature } from '@rxbridge/database';

/**
 * The latest signing request of each application, signed or not, for the navigators' queue (docs/product.md §16):
 * who is waiting on a prescriber and since when. A signature through any link of the application counts.
 */
export async function prescriberRequestStatuses(
  manager: EntityManager,
  applicationIds: string[],
): Promise<Map<string, PrescriberRequestStatus>> {
  if (!applicationIds.length) return new Map();
  const requests = await manager.find(PrescriberRequest, {
    where: { applicationId: In(applicationIds) },
    order: { createdAt: 'ASC', id: 'ASC' },
  });
  if (!requests.length) return new Map();
  const signatures = await manager.find(PrescriberSignature, {
    where: { applicationId: In(applicationIds) },
    order: { signedAt: 'ASC', id: 'ASC' },
  });
  const signed = new Map(signatures.map((s) => [s.applicationId, s]));
  const latest = new Map<string, PrescriberRequestStatus>();
  // Oldest first: each application's last write is its latest request (or signature).
  for (const r of requests) {
    const s = signed.get(r.applicationId) ?? null;
    latest.set(r.applicationId, {
      email: r.email,
      sentAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      signedAt: s ? s.signedAt.toISOString() : null,
      signedBy: s ? s.name : null,
    });
  }
  return latest;
}
