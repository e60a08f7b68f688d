import { formatCents as formatCentsIn } from '@rxbridge/domain';
import { i18n, intlLocale, isLanguage } from '@/lib/i18n';

// Dates and money in the active language (docs/architecture.md, Languages): "Jan 5, 2026" / "5 ene 2026",
// "$49.00" in both. The date formatters are built once per locale.
const cache = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = intlLocale();
  const id = `${locale}|${key}`;
  let f = cache.get(id);
  if (!f) cache.set(id, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}
const dateFormat = () => dateFormatter('date', { dateStyle: 'medium' });
const dateTimeFormat = () => dateFormatter('datetime', { dateStyle: 'medium', timeStyle: 'short' });

/** 4900 -> "$49.00" in the active language: libs/domain's formatCents, as the server computes amounts. */
export const formatCents = (cents: number, options: { dropZeroCents?: boolean } = {}): string =>
  formatCentsIn(cents, { ...options, language: isLanguage(i18n.locale) ? i18n.locale : 'en' });

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
