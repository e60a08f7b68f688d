import { intlLocale } from '@/lib/i18n';

// Dates and money in the active language (docs/architecture.md, Languages): "Jan 5, 2026" / "5 ene 2026",
// "$49.00" in both. The formatters are built once per locale.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: (locale: string) => T): T {
  const locale = intlLocale();
  const id = `${locale}|${key}`;
  let f = cache.get(id) as T | undefined;
  if (!f) cache.set(id, (f = make(locale)));
  return f;
}
const dateFormat = () => formatter('date', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' }));
const dateTimeFormat = () =>
  formatter('datetime', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }));

/**
 * 4900 -> "$49.00" (en-US and es-US alike), as libs/domain's formatCents says it in English; with
 * dropZeroCents a whole amount loses its cents ("$49").
 */
export function formatCents(cents: number, options: { dropZeroCents?: boolean } = {}): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount must be a whole number of cents, got ${cents}.`);
  const whole = options.dropZeroCents && cents % 100 === 0;
  const f = formatter(whole ? 'usd0' : 'usd', (l) =>
    whole
      ? new Intl.NumberFormat(l, {
          style: 'currency',
          currency: 'USD',
          minimumFractionDigits: 0,
          maximumFractionDigits: 0,
        })
      : new Intl.NumberFormat(l, { style: 'currency', currency: 'USD' }),
  );
  return f.format(cents / 100);
}

/** "Jan 5, 2026"; a bare date (2026-01-05) is a calendar day, shown the same in every time zone. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const d = new Date(bare ? `${iso}T12:00:00` : iso);
  return Number.isNaN(d.getTime()) ? '—' : dateFormat().format(d);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTimeFormat().format(d);
}

/** 1536 -> "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "ONGOING_CARE" -> "Ongoing Care". */
export const titleCase = (value: string) =>
  value
    .toLowerCase()
    .split(/[_\s-]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/**
 * A US number as people dial it: "6145550142", "+16145550142" or "614-555-0142" -> "(614) 555-0142".
 * Anything else (another country's +code, extensions) is shown as stored.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const us = phone.replace(/[^\d+]/g, '').replace(/^\+?1(?=\d{10}$)/, '');
  return /^\d{10}$/.test(us) ? `(${us.slice(0, 3)}) ${us.slice(3, 6)}-${us.slice(6)}` : phone;
}
