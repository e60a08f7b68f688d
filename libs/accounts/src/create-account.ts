import { DataSource } from 'typeorm';
import { STAFF_ROLES, type Role } from '@rxbridge/contracts';
import { insertAuditEntry, type AuditLogRow, type User } from '@rxbridge/database';
import { hashPassword } from './password-hasher';
import { emailTaken, insertUser } from './users.repository';

export interface AccountInput {
  email: string;
  password: string;
  role: Role;
  firstName: string;
  lastName: string;
  /** Patient details; staff accounts get neutral placeholders (they are never billed or mailed as patients). */
  profile?: Partial<
    Pick<
      User,
      | 'phone'
      | 'dateOfBirth'
      | 'gender'
      | 'maritalStatus'
      | 'mailingStreet'
      | 'mailingCity'
      | 'mailingState'
      | 'mailingZip'
      | 'tier'
    >
  >;
  emailVerified?: boolean;
}

/** An operator's command that makes the account (`user:create`): its audit row names it. */
export interface AccountMadeBy {
  command: string;
}

/**
 * Creates an account unless the email exists (then leaves it as it is). Used by seeds and the staff CLI; made by an
 * operator's command, the account and its audit row are one transaction (docs/architecture.md §9: an ADMIN made
 * from a shell is an operator's action, audited as staff changes are).
 */
export async function ensureAccount(
  db: DataSource,
  input: AccountInput,
  madeBy?: AccountMadeBy,
): Promise<'created' | 'exists'> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (manager) => {
    if (await emailTaken(manager, email)) return 'exists';
    const id = await insertUser(manager, {
      email,
      passwordHash: await hashPassword(input.password),
      role: input.role,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: '8005550199',
      dateOfBirth: '1970-01-01',
      gender: 'prefer-not-to-say',
      maritalStatus: null,
      mailingStreet: 'RxBridge care team',
      mailingCity: 'Remote',
      mailingState: 'NY',
      mailingZip: '10001',
      tier: 'DIY_INSTRUCTIONS',
      preferredLanguage: 'en',
      emailVerifiedAt: input.emailVerified ? new Date() : null,
      passwordChangedAt: null,
      ...input.profile,
    });
    if (madeBy) await insertAuditEntry(manager, accountMadeAudit(id, input.role, email, madeBy));
    return 'created';
  });
}

/** The audit row of an account an operator made: no account acts, so no actor id (docs/architecture.md §9). */
function accountMadeAudit(id: string, role: Role, email: string, madeBy: AccountMadeBy): AuditLogRow {
  return {
    actorId: null,
    actorRole: 'OPERATOR',
    action: STAFF_ROLES.includes(role) ? 'staff.created' : 'patient.created',
    subjectUserId: id,
    entityType: 'user',
    entityId: id,
    metadata: { role, email, command: madeBy.command },
  };
}
