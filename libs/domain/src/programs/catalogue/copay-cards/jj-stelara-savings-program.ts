import type { CopayCardProgram } from '../../types';

// J&J's page names a yearly maximum but not its amount, so yearlyCapCents is null.
export const jjStelaraSavingsProgram: CopayCardProgram = {
  kind: 'COPAY_CARD',
  id: 'jj-stelara-savings-program',
  name: 'Janssen CarePath Savings Program for Stelara',
  sponsor: 'Johnson & Johnson',
  medications: [{ brand: 'Stelara', generic: 'ustekinumab', area: 'DERMATOLOGY' }],
  website: 'https://www.janssencarepath.com',
  eligibleCoverage: ['EMPLOYER', 'MARKETPLACE'],
  terms:
    'Age 6 or older using commercial or private insurance, including plans from state and federal exchanges; not for ' +
    'anyone using Medicare, Medicaid, TRICARE, DoD or VA for part of the cost. $5 per dose; a yearly maximum applies ' +
    'and the terms expire each December 31. No income requirement; treatment administration costs not covered.',
  payAsLittleAsCents: 500,
  yearlyCapCents: null,
  termsEndOn: null,
  source: { url: 'https://www.janssencarepath.com/hcp/stelara/savings-program-overview', checkedOn: '2026-11-27' },
  otherSources: [],
};
