import { isValidNpi } from './npi';

describe('isValidNpi', () => {
  it('accepts an NPI whose check digit matches (the CMS example 1234567893)', () => {
    expect(isValidNpi('1234567893')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length and non-digits', () => {
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('123456789')).toBe(false);
    expect(isValidNpi('12345678931')).toBe(false);
    expect(isValidNpi('12345678x3')).toBe(false);
  });
});
