const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * "2026-03-05": the calendar day of `date` on the device's clock, in its time zone, as a date input takes it: the day to
 * pre-fill for the person at the screen. libs/domain's toIsoDate gives the UTC day, which in a US evening is already
 * tomorrow (from 4 pm in Los Angeles and 7 pm in New York in winter, an hour later in summer).
 */
export function localIsoDate(date: Date = new Date()): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
