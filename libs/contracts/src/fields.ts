// Field schemas reused by every form and endpoint that carries the field.
import { z } from 'zod';
import {
  FREQUENCIES,
  GENDERS,
  INSURANCE_PROVIDER_NAMES,
  MARITAL_STATUSES,
  PLAN_TIERS,
  toOptionValue,
  toSpecialty,
  SPECIALTIES,
} from './enums';
import { FIELD_MESSAGES } from './field-messages';
import { MESSAGES } from './messages';
import { RESIDENCE_STATES } from './residence';

/** A text the field's label says is required: blank after trimming answers "<label> is required". */
export const requiredText = (label: string) =>
  z
    .string({ error: FIELD_MESSAGES.required(label) })
    .trim()
    .min(1, FIELD_MESSAGES.required(label));

export const firstName = requiredText('First name').max(100, FIELD_MESSAGES.tooLong('First name', 100));
export const lastName = requiredText('Last name').max(100, FIELD_MESSAGES.tooLong('Last name', 100));
export const email = z
  .string({ error: FIELD_MESSAGES.required('Email') })
  .trim()
  .toLowerCase()
  .min(1, FIELD_MESSAGES.required('Email'))
  .max(254, MESSAGES.invalidEmail)
  .pipe(z.email({ error: MESSAGES.invalidEmail }));

/** docs/product.md §7 Accounts: strip spaces, hyphens and parentheses; optional +, first digit 1-9, at most 16 digits. */
export const PHONE_PATTERN = /^\+?[1-9]\d{0,15}$/;
export function normalizePhone(input: string): string {
  return input.replace(/[\s()-]/g, '');
}
export function isValidPhone(input: string): boolean {
  return PHONE_PATTERN.test(normalizePhone(input));
}
export const phone = z
  .string({ error: FIELD_MESSAGES.required('Phone') })
  .trim()
  .min(1, FIELD_MESSAGES.required('Phone'))
  .transform(normalizePhone)
  .refine((v) => PHONE_PATTERN.test(v), MESSAGES.invalidPhone);
export const optionalPhone = z
  .string()
  .trim()
  .transform(normalizePhone)
  .refine((v) => v === '' || PHONE_PATTERN.test(v), MESSAGES.invalidPhone)
  .transform((v) => (v === '' ? null : v))
  .nullish();

/** Password rule of docs/product.md §7 Accounts. The upper bound keeps hashing cheap for absurd inputs. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).{8,}$/;
export const password = z
  .string({ error: FIELD_MESSAGES.required('Password') })
  .max(128, FIELD_MESSAGES.tooLong('Password', 128))
  .regex(PASSWORD_PATTERN, MESSAGES.passwordRule);

export const dateOfBirth = z
  .string({ error: FIELD_MESSAGES.required('Date of birth') })
  .trim()
  .min(1, FIELD_MESSAGES.required('Date of birth'))
  .refine((v) => {
    // A day, or a day with its time (an ISO timestamp from a client): nothing else after it is kept silently.
    if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(v)) return false;
    const day = v.slice(0, 10);
    if (!isCalendarDay(day)) return false;
    const d = new Date(`${day}T00:00:00Z`);
    return d.getTime() < Date.now() && d.getUTCFullYear() >= 1900;
  }, MESSAGES.invalidDateOfBirth)
  .transform((v) => v.slice(0, 10));

const option = <T extends { value: string; label: string }>(options: readonly T[], label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (toOptionValue(options, v) ?? v) : v),
    z.enum(options.map((o) => o.value) as [T['value'], ...T['value'][]], { error: FIELD_MESSAGES.chooseValid(label) }),
  );
export const gender = option(GENDERS, 'gender');
export const maritalStatus = option(MARITAL_STATUSES, 'marital status');

export const street = requiredText('Street address').max(200, FIELD_MESSAGES.tooLong('Street address', 200));
export const city = requiredText('City').max(100, FIELD_MESSAGES.tooLong('City', 100));
export const state = z
  .string({ error: FIELD_MESSAGES.required('State') })
  .trim()
  .toUpperCase()
  .pipe(z.enum(RESIDENCE_STATES, { error: MESSAGES.invalidState }));
export const zip = z
  .string({ error: FIELD_MESSAGES.required('ZIP code') })
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, MESSAGES.invalidZip);

export const tier = z.enum(PLAN_TIERS, { error: MESSAGES.selectPlan });

export const specialty = z.preprocess(
  (v) => (typeof v === 'string' ? (toSpecialty(v) ?? v) : v),
  z.enum(SPECIALTIES, { error: FIELD_MESSAGES.chooseSpecialty }),
);
export const frequency = z.enum(FREQUENCIES, { error: FIELD_MESSAGES.chooseFrequency });
/** NPI: digits only, cut to 10 (docs/product.md §6 Records). */
export const npiNumber = z
  .string()
  .transform((v) => v.replace(/\D/g, '').slice(0, 10))
  .transform((v) => (v === '' ? null : v))
  .nullish();
export const insuranceProvider = z.enum(INSURANCE_PROVIDER_NAMES, { error: MESSAGES.insuranceProviderRequired });

/**
 * A number written as digits, from a query string or JSON: nothing else is turned into one (no
 * arrays, booleans, blanks or words), unlike z.coerce (docs/architecture.md §5).
 */
export function numberFromText<S extends z.ZodType>(schema: S) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d{1,15}(\.\d{1,15})?\s*$/.test(v) ? Number(v) : v),
    schema,
  );
}

/** A page number or page size of a list's query (`?page=&limit=`): a whole number from 1 to `max`. */
export const pagingNumber = (label: string, max: number) =>
  numberFromText(
    z
      .number({ error: FIELD_MESSAGES.wholeNumber(label) })
      .int(FIELD_MESSAGES.wholeNumber(label))
      .min(1, FIELD_MESSAGES.atLeastNumber(label, 1))
      .max(max, FIELD_MESSAGES.atMostNumber(label, max)),
  );

/** The highest page number a list's query accepts: far past any list, small enough for PostgreSQL's integers. */
export const MAX_PAGE = 100_000;

/** Whether a value is a real calendar day written YYYY-MM-DD ("1990-02-31" is not). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

// In answers (docs/architecture.md §5): times as JSON carries them, ISO 8601 in UTC; days as YYYY-MM-DD.
/**
 * The id of one of the patient's own rows named in a body (a doctor, a document), spelt as the database spells ids
 * (lower case): an id in capitals names the same row, and comparing it with the ids read back must find it.
 */
export const ownRowId = (message: string) => z.uuid({ error: message }).transform((id) => id.toLowerCase());

export const isoTime = z.iso.datetime();
export const isoDay = z.iso.date();

/**
 * The words a list is searched by: a name, an email, a medication, a document's title, so health data. They travel
 * in a POST body, never in an address, which a proxy's access log keeps (docs/architecture.md, Privacy).
 */
export const searchWords = z
  .string({ error: 'search must be text' })
  .trim()
  .max(200, 'search must be at most 200 characters')
  .optional()
  .transform((v) => v || undefined);

/** A list's GET refuses search words in its address, naming the POST that takes them. */
export const noSearchInAddress = (searchPath: string) =>
  z.undefined({ error: FIELD_MESSAGES.searchInBody(searchPath) }).optional();
