import type { EntityManager } from 'typeorm';
import { EmailVerification } from '@rxbridge/database';

/** A new, unspent verification; returns its id (the link is derived from it). */
export async function insertVerification(manager: EntityManager, userId: string, expiresAt: Date): Promise<string> {
  const { id } = await manager.save(EmailVerification, { userId, expiresAt, usedAt: null });
  return id;
}

/** The verification, locked (FOR UPDATE) so a link is spent once; or null. */
export function lockVerification(manager: EntityManager, id: string): Promise<EmailVerification | null> {
  return manager.findOne(EmailVerification, { where: { id }, lock: { mode: 'pessimistic_write' } });
}

export async function spendVerification(manager: EntityManager, id: string, at: Date): Promise<void> {
  await manager.update(EmailVerification, { id }, { usedAt: at });
}
