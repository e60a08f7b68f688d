import { randomBytes } from 'node:crypto';
import type { SignupInput } from '@rxbridge/contracts';

export const PASSWORD = 'Str0ng!Pass';

/** A valid signup payload with a unique email; override any field. */
export function newSignup(overrides: Partial<SignupInput> = {}): SignupInput & Record<string, unknown> {
  return {
    firstName: 'Maria',
    lastName: 'Lopez',
    email: `maria.${randomBytes(4).toString('hex')}@example.com`,
    phone: '(555) 123-4567',
    dateOfBirth: '1968-04-12',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    gender: 'Female',
    maritalStatus: 'Married',
    mailingStreet: '12 Oak Street',
    mailingCity: 'Springfield',
    mailingState: 'IL',
    mailingZip: '62701',
    role: 'USER',
    tier: 'ONGOING_CARE',
    doctors: [],
    prescriptions: [],
    insurances: [],
    ...overrides,
  };
}
