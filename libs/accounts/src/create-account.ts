import { DataSource } from 'typeorm';
import type { Role } from '@rxbridge/contracts';
import type { User } from '@rxbridge/database';
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

/** Creates an account unless the email exists (then leaves it as it is). Used by seeds and the staff CLI. */
export async function ensureAccount(db: DataSource, input: AccountInput): Promise<'created' | 'exists'> {
  const email = input.email.trim().toLowerCase();
  if (await emailTaken(db.manager, email)) return 'exists';
  await insertUser(db.manager, {
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
  return 'created';
}
