import type { Language } from '@rxbridge/contracts';
import { LOCALES } from './locales';

// Calendar arithmetic in UTC: a date-only value such as an enrollment end date must not move by a
// day when the server runs in another time zone or across a daylight-saving change.

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type DateInput = Date | string;

/**
 * Reads a Date or an ISO string; "2025-01-31" is midnight UTC of that day. Returns undefined when the
 * input is not a real date (e.g. "2025-02-30").
 */
export function parseDate(input: DateInput): Date | undefined {
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? undefined : new Date(input.getTime());
  if (typeof input !== 'string') return undefined;
  const dateOnly = ISO_DATE.exec(input.trim());
  if (dateOnly) {
    const [year, month, day] = dateOnly.slice(1).map(Number);
    // setUTCFullYear, unlike Date.UTC, keeps years 0-99 as written instead of moving them to 1900-1999.
    const date = new Date(0);
    date.setUTCFullYear(year, month - 1, day);
    // Feb 30 rolls over to Mar 2: reject instead of silently moving the date.
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
  }
  const parsed = new Date(input);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

export function toDate(input: DateInput, what = 'Date'): Date {
  const date = parseDate(input);
  if (!date) throw new RangeError(`${what} must be a valid date such as 2025-01-31, got ${String(input)}.`);
  return date;
}

export function addDays(input: DateInput, days: number): Date {
  return new Date(toDate(input).getTime() + days * DAY_MS);
}

/** Whole calendar days (UTC) from the day of `from` to the day of `to`: 1 from today to tomorrow, whatever the hour. */
export function daysBetween(from: DateInput, to: DateInput): number {
  const day = (input: DateInput) => toDate(toIsoDate(input)).getTime();
  return Math.round((day(to) - day(from)) / DAY_MS);
}

/** Adds calendar months, clamping the day: Jan 31 + 1 month = Feb 28 (Feb 29 in a leap year). */
export function addMonths(input: DateInput, months: number): Date {
  if (!Number.isInteger(months)) throw new RangeError(`Months must be a whole number, got ${String(months)}.`);
  const date = toDate(input);
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/** "2025-01-31" (the UTC calendar day). */
export function toIsoDate(input: DateInput): string {
  return toDate(input).toISOString().slice(0, 10);
}

/**
 * "2025-03-05" -> "March 5, 2025" ("5 de marzo de 2025" in Spanish), read as a calendar day (never
 * shifted by a time zone).
 */
export function longDay(input: DateInput, language: Language = 'en'): string {
  return toDate(input).toLocaleDateString(LOCALES[language], { timeZone: 'UTC', dateStyle: 'long' });
}
