import type { PublicUser } from '@rxbridge/contracts';
import type { User } from '@rxbridge/database';

/** The user as answers carry it: never the password hash. */
export function toPublicUser(user: User, prescriptionCount: number): PublicUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    dateOfBirth: user.dateOfBirth,
    gender: user.gender,
    maritalStatus: user.maritalStatus,
    mailingStreet: user.mailingStreet,
    mailingCity: user.mailingCity,
    mailingState: user.mailingState,
    mailingZip: user.mailingZip,
    role: user.role,
    tier: user.tier,
    emailVerified: user.emailVerifiedAt !== null,
    preferredLanguage: user.preferredLanguage,
    prescriptionCount,
    createdAt: user.createdAt.toISOString(),
  };
}
