import { assertCents, formatCents } from './money';

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [4900, '$49.00'],
    [10900, '$109.00'],
    [110000, '$1,100.00'],
    [123456789, '$1,234,567.89'],
    [-3000, '-$30.00'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('drops zero cents on request but keeps real cents', () => {
    expect(formatCents(4900, { dropZeroCents: true })).toBe('$49');
    expect(formatCents(0, { dropZeroCents: true })).toBe('$0');
    expect(formatCents(4950, { dropZeroCents: true })).toBe('$49.50');
  });

  it.each([49.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])('refuses %p, which is not whole cents', (bad) => {
    expect(() => formatCents(bad)).toThrow(RangeError);
  });

  it('names the amount in the message', () => {
    expect(() => assertCents(1.5, 'Refund amount')).toThrow('Refund amount must be a whole number of cents, got 1.5.');
  });
});
