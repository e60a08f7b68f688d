import type { Language } from '@rxbridge/contracts';
import { LOCALES } from './locales';

// Money is always held as integer cents; floats never carry amounts (0.1 + 0.2 !== 0.3).

// US dollars in each language's US locale (docs/product.md, Languages): "$1,234.50" in both.
const usd = (locale: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
const usdWholeDollars = (locale: string) =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
const FORMATS = Object.fromEntries(
  Object.entries(LOCALES).map(([language, locale]) => [language, { usd: usd(locale), whole: usdWholeDollars(locale) }]),
) as Record<Language, { usd: Intl.NumberFormat; whole: Intl.NumberFormat }>;

/** Throws a RangeError unless `cents` is a safe integer, naming `what` in the message. */
export function assertCents(cents: number, what = 'Amount'): void {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`${what} must be a whole number of cents, got ${String(cents)}.`);
  }
}

export interface FormatCentsOptions {
  /** "$49" instead of "$49.00" when the amount is a whole number of dollars (plan cards). */
  dropZeroCents?: boolean;
  /** The reader's language (English when absent). */
  language?: Language;
}

/** 4900 -> "$49.00", 110000 -> "$1,100.00", -500 -> "-$5.00". */
export function formatCents(cents: number, options: FormatCentsOptions = {}): string {
  assertCents(cents);
  const formats = FORMATS[options.language ?? 'en'];
  const format = options.dropZeroCents && cents % 100 === 0 ? formats.whole : formats.usd;
  return format.format(cents / 100);
}
