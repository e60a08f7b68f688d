// Money is always held as integer cents; floats never carry amounts (0.1 + 0.2 !== 0.3).

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Throws a RangeError unless `cents` is a safe integer, naming `what` in the message. */
export function assertCents(cents: number, what = 'Amount'): void {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`${what} must be a whole number of cents, got ${String(cents)}.`);
  }
}

export interface FormatCentsOptions {
  /** "$49" instead of "$49.00" when the amount is a whole number of dollars (plan cards). */
  dropZeroCents?: boolean;
}

/** 4900 -> "$49.00", 110000 -> "$1,100.00", -500 -> "-$5.00". */
export function formatCents(cents: number, options: FormatCentsOptions = {}): string {
  assertCents(cents);
  const format = options.dropZeroCents && cents % 100 === 0 ? usdWholeDollars : usd;
  return format.format(cents / 100);
}
