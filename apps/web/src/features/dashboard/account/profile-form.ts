import {
  GENDERS,
  MARITAL_STATUSES,
  toOptionValue,
  type ProfileFormInput,
  type ProfileFormValues,
  type ProfileUpdate,
  type PublicUser,
} from '@rxbridge/contracts';

export { profileFormSchema } from '@rxbridge/contracts';

/** Form field -> the server's field (docs/product.md: address, city, state, zipCode are sent as mailing*). */
export const SERVER_FIELD: Record<Exclude<keyof ProfileFormValues, 'email'>, keyof ProfileUpdate> = {
  firstName: 'firstName',
  lastName: 'lastName',
  phone: 'phone',
  dateOfBirth: 'dateOfBirth',
  gender: 'gender',
  maritalStatus: 'maritalStatus',
  address: 'mailingStreet',
  city: 'mailingCity',
  state: 'mailingState',
  zipCode: 'mailingZip',
  preferredLanguage: 'preferredLanguage',
};

export function toProfileForm(user: PublicUser): ProfileFormInput {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    email: user.email,
    dateOfBirth: user.dateOfBirth?.slice(0, 10) ?? '',
    // Stored lowercase-hyphenated; an older label spelling ("Prefer not to say") still maps to its value.
    gender: toOptionValue(GENDERS, user.gender ?? '') ?? '',
    maritalStatus: toOptionValue(MARITAL_STATUSES, user.maritalStatus ?? '') ?? '',
    address: user.mailingStreet,
    city: user.mailingCity,
    state: user.mailingState,
    zipCode: user.mailingZip,
    preferredLanguage: user.preferredLanguage,
  };
}

/** Only the fields that differ from the saved profile, under the server's names. */
export function profileChanges(values: ProfileFormValues, user: PublicUser): ProfileUpdate {
  const saved: Record<string, unknown> = {
    ...user,
    dateOfBirth: user.dateOfBirth?.slice(0, 10),
    gender: toOptionValue(GENDERS, user.gender ?? '') ?? user.gender,
    maritalStatus: user.maritalStatus
      ? (toOptionValue(MARITAL_STATUSES, user.maritalStatus) ?? user.maritalStatus)
      : null,
  };
  const changes: Record<string, unknown> = {};
  for (const [formField, serverField] of Object.entries(SERVER_FIELD)) {
    const value = values[formField as keyof typeof SERVER_FIELD];
    if ((value ?? null) !== (saved[serverField] ?? null)) changes[serverField] = value;
  }
  return changes as ProfileUpdate;
}

/** Every field under the server's name: a save sends the whole profile (docs/product.md §7.6). */
export function profilePayload(values: ProfileFormValues): ProfileUpdate {
  const payload: Record<string, unknown> = {};
  for (const [formField, serverField] of Object.entries(SERVER_FIELD)) {
    payload[serverField] = values[formField as keyof typeof SERVER_FIELD] ?? null;
  }
  return payload as ProfileUpdate;
}

/** The server names a field by its own name; the form shows it under the form's. */
export const formFieldOf = (serverField: string) =>
  (Object.entries(SERVER_FIELD).find(([, s]) => s === serverField)?.[0] ?? serverField) as keyof ProfileFormInput;
