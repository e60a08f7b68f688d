import type { Language } from '@rxbridge/contracts';
import { LOCALES } from './locales';

// Money is always held as integer cents; floats never carry amounts (0.1 + 0.2 !== 0.3).

// US dollars in each language's US locale (docs/product.md, Languages): "$1,234.50" in both. Each
// format is made the first time it is needed: making one costs a phone tens of milliseconds, and a
// page seldom needs all four.
const FORMATS = new Map<string, Intl.NumberFormat>();
function usdFormat(language: Language, wholeDollars: boolean): Intl.NumberFormat {
  const key = `${language}:${wholeDollars}`;
  let format = FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language], {
      style: 'currency',
      currency: 'USD',
      ...(wholeDollars && { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
    });
    FORMATS.set(key, format);
  }
  return format;
}

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
  const wholeDollars = Boolean(options.dropZeroCents) && cents % 100 === 0;
  return usdFormat(options.language ?? 'en', wholeDollars).format(cents / 100);
}
