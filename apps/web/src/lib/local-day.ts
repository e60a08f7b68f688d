const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * "2026-03-05": the calendar day of `date` on the device's clock, in its time zone, as a date input takes it: the day to
 * pre-fill for the person at the screen. libs/domain's toIsoDate gives the UTC day, which in a US evening is already
 * tomorrow (from 4 pm in Los Angeles and 7 pm in New York in winter, an hour later in summer).
 */
export function localIsoDate(date: Date = new Date()): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const DAY_MS = 86_400_000;
const midnight = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/**
 * Calendar days from `earlier` to `later` on the device's clock: yesterday at 4 pm is 1 day ago this morning, where
 * counting 24-hour periods says 0. Rounded, as a day across a change of clock lasts 23 or 25 hours.
 */
export function localDaysBetween(earlier: Date, later: Date = new Date()): number {
  return Math.round((midnight(later) - midnight(earlier)) / DAY_MS);
}
