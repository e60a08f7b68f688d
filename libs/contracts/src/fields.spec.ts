import { dateOfBirth } from './fields';

describe('dateOfBirth', () => {
  it('keeps the day of a day or of an ISO timestamp', () => {
    expect(dateOfBirth.parse('1990-01-31')).toBe('1990-01-31');
    expect(dateOfBirth.parse(' 1990-01-31T00:00:00.000Z ')).toBe('1990-01-31');
    expect(dateOfBirth.parse('1990-01-31T08:30-05:00')).toBe('1990-01-31');
  });

  it('refuses anything else after the day rather than dropping it', () => {
    for (const value of ['1990-01-01 <b>x</b>', '1990-01-01garbage', '1990-01-01T', '1990-1-01', '1990-02-30']) {
      expect(dateOfBirth.safeParse(value).success).toBe(false);
    }
  });
});
