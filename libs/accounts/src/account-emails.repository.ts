import type { EntityManager } from 'typeorm';
import { PasswordReset, User } from '@rxbridge/database';

// The reads behind the account emails (verification, password reset, password changed).

/** The account an email goes to, or null when it is gone. */
export function findEmailRecipient(manager: EntityManager, userId: string): Promise<User | null> {
  return manager.findOneBy(User, { id: userId });
}

/** A password reset by its id (spent or not), or null. */
export function findPasswordReset(manager: EntityManager, resetId: string): Promise<PasswordReset | null> {
  return manager.findOneBy(PasswordReset, { id: resetId });
}
