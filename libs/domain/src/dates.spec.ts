import { daysBetween, parseDate } from './dates';

describe('parseDate', () => {
  it('reads a YYYY-MM-DD day as midnight UTC of that day, the year as written', () => {
    expect(parseDate('2025-01-31')?.toISOString()).toBe('2025-01-31T00:00:00.000Z');
    // Date.UTC would move years 0-99 to 1900-1999: 0025 stays 0025.
    expect(parseDate('0025-06-01')?.getUTCFullYear()).toBe(25);
  });

  it('refuses a day that does not exist instead of rolling it over', () => {
    expect(parseDate('2025-02-30')).toBeUndefined();
    expect(parseDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });
});

describe('daysBetween', () => {
  it('counts calendar days (UTC), whatever the hour of either', () => {
    expect(daysBetween('2026-11-05', '2026-12-15')).toBe(40);
    expect(daysBetween(new Date('2026-11-05T23:59:00Z'), '2026-11-06')).toBe(1);
    expect(daysBetween(new Date('2026-03-01T16:00:00Z'), new Date('2026-02-28T01:00:00Z'))).toBe(-1);
  });
});
