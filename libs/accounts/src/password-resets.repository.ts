import { IsNull, MoreThan, type EntityManager } from 'typeorm';
import { PasswordReset } from '@rxbridge/database';

/** The newest code of the user, or the link's reset by its id. */
export type LiveResetKey = { via: 'code'; userId: string } | { via: 'link'; id: string };

/** Spends the user's unspent resets: a new request supersedes them, only the newest works. */
export async function supersedeResets(manager: EntityManager, userId: string): Promise<void> {
  await manager.update(PasswordReset, { userId, usedAt: IsNull() }, { usedAt: new Date() });
}

/** A new, unspent reset; returns its id (the code and the link are derived from it). */
export async function insertReset(
  manager: EntityManager,
  userId: string,
  via: 'code' | 'link',
  expiresAt: Date,
): Promise<string> {
  const { id } = await manager.save(PasswordReset, { userId, via, expiresAt, usedAt: null, failedAttempts: 0 });
  return id;
}

/** The unspent, unexpired reset (the newest, for a code), locked until commit; or null. */
export function lockLiveReset(manager: EntityManager, key: LiveResetKey): Promise<PasswordReset | null> {
  return manager.findOne(PasswordReset, {
    where: { ...key, usedAt: IsNull(), expiresAt: MoreThan(new Date()) },
    ...(key.via === 'code' && { order: { createdAt: 'DESC' as const } }),
    lock: { mode: 'pessimistic_write' },
  });
}

/** Counts a wrong code; the last allowed wrong try also spends the reset. */
export async function recordWrongCode(
  manager: EntityManager,
  id: string,
  failedAttempts: number,
  spend: boolean,
): Promise<void> {
  await manager.update(PasswordReset, { id }, { failedAttempts, ...(spend && { usedAt: new Date() }) });
}

export async function spendReset(manager: EntityManager, id: string): Promise<void> {
  await manager.update(PasswordReset, { id }, { usedAt: new Date() });
}

/** A password reset by its id (spent or not), or null: the reset email reads it. */
export function findPasswordReset(manager: EntityManager, resetId: string): Promise<PasswordReset | null> {
  return manager.findOneBy(PasswordReset, { id: resetId });
}
