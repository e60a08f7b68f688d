import type { PapProgram } from '../types';
import { APPLICATION_NOT_READ } from './not-yet-read';

// Aubagio has its own patient assistance program (through MS One to One) with its own income rule, so it is a
// separate Sanofi entry. The page shows no date: checkedOn is the day it was read (2026-11-27).
export const sanofiAubagioPap: PapProgram = {
  kind: 'PAP',
  id: 'sanofi-aubagio-pap',
  name: 'MS One to One Patient Assistance Program (Aubagio)',
  manufacturer: 'Sanofi',
  medications: [{ brand: 'Aubagio', generic: 'teriflunomide', area: 'NEUROLOGY' }],
  website: 'https://community.aubagio.com',
  incomeLimitFplPercent: null,
  incomeLimitNote:
    'Household income at or below $100,000 or 500% of the federal poverty level, whichever is greater; a single ' +
    'percentage would turn away small households under $100,000, so it is left to review.',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: {
      allowed: true,
      condition:
        'Only when the Part D plan does not cover Aubagio; enrollment lasts for the rest of the calendar year.',
    },
    medicaid: { allowed: null },
    commercial: { allowed: true, condition: 'Only with insurance that has no drug coverage benefit.' },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: null,
    description: 'U.S. resident with a valid address.',
  },
  documents: [
    {
      kind: 'PROOF_OF_INCOME',
      label: 'One income document (W-2 or tax return, pay stub with return, IRS transcript, Social Security statement)',
    },
  ],
  // The page asks for "a completed and signed application", sent by MS One to One after a nurse's call; the form
  // itself (where it goes, what the prescriber fills in) was not stored (docs/product.md §15).
  application: { ...APPLICATION_NOT_READ, patientSignature: true },
  enrollment: { months: 12, endsDecember31: null },
  source: { url: 'https://community.aubagio.com/insurance/not-insured', checkedOn: '2026-11-27' },
  otherSources: [
    {
      url: 'https://community.aubagio.com/insurance/not-insured',
      checkedOn: '2026-11-27',
      usedFor:
        'application: call MS One to One (1-855-676-6326), whose nurse sends the form; submit a completed and ' +
        'signed application with one proof of income',
    },
  ],
};
