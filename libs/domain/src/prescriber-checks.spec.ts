import { PRESCRIBER_MESSAGES } from '@rxbridge/contracts';
import {
  isSameDateOfBirth,
  isValidDeaNumber,
  prescriberIdentifierErrors,
  requiredIdentifiers,
} from './prescriber-checks';

describe('isValidDeaNumber', () => {
  it('accepts two letters and seven digits ending in the check digit', () => {
    // 1+3+5 + 2*(2+4+6) = 33: the check digit is 3.
    expect(isValidDeaNumber('AB1234563')).toBe(true);
    expect(isValidDeaNumber('FM9876547')).toBe(true); // 9+7+5 + 2*(8+6+4) = 57
  });

  it('refuses a wrong check digit, a wrong shape and lowercase', () => {
    expect(isValidDeaNumber('AB1234564')).toBe(false);
    expect(isValidDeaNumber('A91234563')).toBe(false);
    expect(isValidDeaNumber('AB123456')).toBe(false);
    expect(isValidDeaNumber('AB12345630')).toBe(false);
    expect(isValidDeaNumber('ab1234563')).toBe(false);
    expect(isValidDeaNumber('')).toBe(false);
  });
});

describe('isSameDateOfBirth', () => {
  it('matches the same calendar day, whether the column reads as text or a Date', () => {
    expect(isSameDateOfBirth('1968-04-12', '1968-04-12')).toBe(true);
    expect(isSameDateOfBirth(' 1968-04-12 ', '1968-04-12')).toBe(true);
    expect(isSameDateOfBirth('1968-04-12', new Date('1968-04-12T00:00:00Z'))).toBe(true);
  });

  it('refuses another day, another shape and days that do not exist', () => {
    expect(isSameDateOfBirth('1968-04-13', '1968-04-12')).toBe(false);
    expect(isSameDateOfBirth('1968-12-04', '1968-04-12')).toBe(false);
    expect(isSameDateOfBirth('04/12/1968', '1968-04-12')).toBe(false);
    expect(isSameDateOfBirth('1968-4-12', '1968-04-12')).toBe(false);
    expect(isSameDateOfBirth('', '1968-04-12')).toBe(false);
    expect(isSameDateOfBirth('2023-02-29', '2023-02-29')).toBe(false);
    expect(isSameDateOfBirth('1968-04-12', new Date('invalid'))).toBe(false);
  });
});

describe('prescriberIdentifierErrors', () => {
  it('names each identifier the program requires and the prescriber left out', () => {
    expect(prescriberIdentifierErrors(['NPI', 'LICENSE', 'DEA', 'TAX_ID'], {})).toEqual({
      licenseNumber: PRESCRIBER_MESSAGES.licenseNumberRequired,
      licenseState: PRESCRIBER_MESSAGES.licenseStateRequired,
      deaNumber: PRESCRIBER_MESSAGES.deaRequired,
      taxId: PRESCRIBER_MESSAGES.taxIdRequired,
    });
    expect(prescriberIdentifierErrors(['LICENSE'], { licenseNumber: 'A123' })).toEqual({
      licenseState: PRESCRIBER_MESSAGES.licenseStateRequired,
    });
    expect(prescriberIdentifierErrors(['NPI'], {})).toEqual({});
    expect(prescriberIdentifierErrors([], {})).toEqual({});
  });

  it('checks the DEA number whenever one is given', () => {
    expect(prescriberIdentifierErrors(['DEA'], { deaNumber: 'AB1234564' })).toEqual({
      deaNumber: PRESCRIBER_MESSAGES.badDea('AB1234564'),
    });
    expect(prescriberIdentifierErrors(['DEA'], { deaNumber: 'AB1234563' })).toEqual({});
  });

  it('keeps only what the program asks for', () => {
    const given = { licenseNumber: 'A123', licenseState: 'IL', deaNumber: 'AB1234563', taxId: '123456789' };
    expect(requiredIdentifiers(['LICENSE'], given)).toEqual({
      licenseNumber: 'A123',
      licenseState: 'IL',
      deaNumber: null,
      taxId: null,
    });
    expect(requiredIdentifiers(['DEA', 'TAX_ID'], given)).toMatchObject({ deaNumber: 'AB1234563', taxId: '123456789' });
  });
});
