import { PRESCRIBER_MESSAGES, type PrescriberField } from '@rxbridge/contracts';

/**
 * A DEA registration number (docs/product.md §16): two letters, then seven digits whose last is the check digit:
 * the sum of the 1st, 3rd and 5th digits plus twice the sum of the 2nd, 4th and 6th ends in it.
 */
export function isValidDeaNumber(dea: string): boolean {
  if (!/^[A-Z]{2}\d{7}$/.test(dea)) return false;
  const d = [...dea.slice(2)].map((c) => c.charCodeAt(0) - 48);
  return (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10 === d[6];
}

/** A calendar day as YYYY-MM-DD, or null when the value is not one (a `date` column reads as either form). */
function calendarDay(value: string | Date): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  const day = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day ? day : null;
}

/**
 * Whether the date of birth a prescriber gave is the patient's (docs/product.md §16). Both sides are read as
 * calendar days, and compared without an early exit, so the answer's timing says nothing of how close a guess was.
 */
export function isSameDateOfBirth(given: string, onFile: string | Date): boolean {
  const a = calendarDay(given);
  const b = calendarDay(onFile);
  if (a === null || b === null) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export interface PrescriberIdentifiers {
  licenseNumber?: string;
  licenseState?: string;
  deaNumber?: string;
  taxId?: string;
}

/** The form fields each program requirement asks for (NPI is always asked). */
const FIELDS_OF: Record<PrescriberField, (keyof PrescriberIdentifiers)[]> = {
  NPI: [],
  LICENSE: ['licenseNumber', 'licenseState'],
  DEA: ['deaNumber'],
  TAX_ID: ['taxId'],
};
const REQUIRED_MESSAGE: Record<keyof PrescriberIdentifiers, string> = {
  licenseNumber: PRESCRIBER_MESSAGES.licenseNumberRequired,
  licenseState: PRESCRIBER_MESSAGES.licenseStateRequired,
  deaNumber: PRESCRIBER_MESSAGES.deaRequired,
  taxId: PRESCRIBER_MESSAGES.taxIdRequired,
};

/**
 * What is wrong with the identifiers a prescriber gave for a program asking `required` (docs/product.md §16): each
 * required one missing, and a DEA number failing its check digit, by field; empty when all is well.
 */
export function prescriberIdentifierErrors(
  required: readonly PrescriberField[],
  given: PrescriberIdentifiers,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of required.flatMap((r) => FIELDS_OF[r])) if (!given[field]) errors[field] = REQUIRED_MESSAGE[field];
  if (given.deaNumber && !isValidDeaNumber(given.deaNumber))
    errors.deaNumber = PRESCRIBER_MESSAGES.badDea(given.deaNumber);
  return errors;
}

/** Only the identifiers the program asks for are kept with the signature and printed; the rest is null. */
export function requiredIdentifiers(required: readonly PrescriberField[], given: PrescriberIdentifiers) {
  const asked = new Set(required.flatMap((r) => FIELDS_OF[r]));
  const pick = (field: keyof PrescriberIdentifiers) => (asked.has(field) ? (given[field] ?? null) : null);
  return {
    licenseNumber: pick('licenseNumber'),
    licenseState: pick('licenseState'),
    deaNumber: pick('deaNumber'),
    taxId: pick('taxId'),
  };
}
