import { localDaysBetween, localIsoDate } from './local-day.ts';

// The navigator's own days (docs/product.md §16: "Waiting on prescriber since today / for {n} days"), on the device's
// clock: each time below is made in its zone, whatever zone runs the test.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 11, day, hour, minute);

describe('localDaysBetween', () => {
  it('counts calendar days, not 24-hour periods', () => {
    // Monday 4 pm to Tuesday 10 am: 18 hours, one day later.
    expect(localDaysBetween(at(7, 16), at(8, 10))).toBe(1);
    // 11:30 pm to 12:10 am: forty minutes, the next day.
    expect(localDaysBetween(at(7, 23, 30), at(8, 0, 10))).toBe(1);
    // Monday 4 pm to Wednesday 10 am: two days, where 24-hour periods say one.
    expect(localDaysBetween(at(7, 16), at(9, 10))).toBe(2);
  });

  it('is 0 within the same day', () => {
    expect(localDaysBetween(at(7, 0, 5), at(7, 23, 55))).toBe(0);
    expect(localIsoDate(at(7, 23, 55))).toBe('2026-12-07');
  });

  it('counts a day of 25 or 23 hours as one, where the zone changes its clock', () => {
    expect(localDaysBetween(new Date(2026, 9, 31, 12), new Date(2026, 10, 1, 12))).toBe(1);
    expect(localDaysBetween(new Date(2026, 2, 7, 12), new Date(2026, 2, 9, 0, 30))).toBe(2);
  });
});
