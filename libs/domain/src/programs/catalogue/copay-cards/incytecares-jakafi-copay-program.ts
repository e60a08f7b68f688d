import type { CopayCardProgram } from '../../types';

// Incyte's page shows no date, so checkedOn is the day it was read (2026-11-27).
export const incyteCaresJakafiCopayProgram: CopayCardProgram = {
  kind: 'COPAY_CARD',
  id: 'incytecares-jakafi-copay-program',
  name: 'IncyteCARES Copay/Coinsurance Assistance Program for Jakafi',
  sponsor: 'Incyte',
  medications: [{ brand: 'Jakafi', generic: 'ruxolitinib', area: 'ONCOLOGY' }],
  website: 'https://www.incytecares.com',
  eligibleCoverage: ['EMPLOYER', 'MARKETPLACE'],
  terms:
    'Patients with private or commercial prescription insurance; not valid for anyone covered under state or ' +
    'federally funded healthcare programs, nor for uninsured cash-paying patients. As little as $25 a month; savings ' +
    'up to $11,977 a month and $25,000 a year. United States and Puerto Rico.',
  payAsLittleAsCents: 2500,
  yearlyCapCents: 2500000,
  termsEndOn: null,
  source: { url: 'https://www.incytecares.com/jakafi-copay-assistance.aspx', checkedOn: '2026-11-27' },
  otherSources: [],
};
