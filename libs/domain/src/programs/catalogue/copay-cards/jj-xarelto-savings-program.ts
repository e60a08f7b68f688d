import type { CopayCardProgram } from '../../types';

// An older HCP page said "$0 co-pay"; the Janssen CarePath page read here says $10 per prescription.
export const jjXareltoSavingsProgram: CopayCardProgram = {
  kind: 'COPAY_CARD',
  id: 'jj-xarelto-savings-program',
  name: 'Janssen CarePath Savings Program for Xarelto',
  sponsor: 'Johnson & Johnson',
  medications: [{ brand: 'Xarelto', generic: 'rivaroxaban', area: 'CARDIOLOGY' }],
  website: 'https://www.janssencarepath.com',
  eligibleCoverage: ['EMPLOYER', 'MARKETPLACE'],
  terms:
    'Eligible commercially insured patients pay $10 per prescription; no limit for the first 90 days, then up to $200 ' +
    'per 30-day supply and $3,400 per calendar year. Not valid for patients using Medicare, Medicaid or other ' +
    'government-funded programs to pay for their medications.',
  payAsLittleAsCents: 1000,
  yearlyCapCents: 340000,
  termsEndOn: null,
  source: { url: 'https://www.janssencarepath.com/patient/xarelto/janssencarepath-resources', checkedOn: '2026-11-27' },
  otherSources: [
    {
      url: 'https://www.xareltohcp.com/resources/xarelto-carepath.html',
      checkedOn: '2026-11-27',
      usedFor: '$3,400 maximum annual program benefit; not valid with Medicare Part D or Medicaid (older page: $0)',
    },
  ],
};
