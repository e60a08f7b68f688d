import { IsNull, MoreThan, MoreThanOrEqual, type EntityManager } from 'typeorm';
import { packetIsOpen } from '@rxbridge/domain';
import { Application, PrescriberRequest, PrescriberSignature } from '@rxbridge/database';
import { appGoesAsPacket } from './signatures';

// The reads behind the prescriber's signing link and its reminder (docs/product.md §16).

export function findPrescriberRequest(manager: EntityManager, id: string): Promise<PrescriberRequest | null> {
  return manager.findOneBy(PrescriberRequest, { id });
}

/** The requests neither used nor expired at `now`: those whose reminder may still be due. */
export function openPrescriberRequests(manager: EntityManager, now: Date): Promise<PrescriberRequest[]> {
  return manager.find(PrescriberRequest, { where: { usedAt: IsNull(), expiresAt: MoreThan(now) } });
}

/**
 * The request when it is still worth mailing: not signed since it was made (through this link or another), not
 * expired at `now`, the packet still open (`packetIsOpen`: not with the program, approved or closed) and still one
 * (`appGoesAsPacket`: not set to a copay card or a foundation since, docs/product.md §15); otherwise null.
 * A signature older than the request does not count: the doctor is asked again once it stopped being current, or after
 * a denial sent to another program (docs/product.md §17).
 */
export async function mailablePrescriberRequest(
  manager: EntityManager,
  requestId: string,
  now: number,
): Promise<PrescriberRequest | null> {
  const request = await findPrescriberRequest(manager, requestId);
  if (!request || request.usedAt || request.expiresAt.getTime() <= now) return null;
  const app = await manager.findOneBy(Application, { id: request.applicationId });
  if (!app || !packetIsOpen(app) || !appGoesAsPacket(app)) return null;
  const signedSince = { applicationId: app.id, signedAt: MoreThanOrEqual(request.createdAt) };
  if (await manager.existsBy(PrescriberSignature, signedSince)) return null;
  return request;
}
