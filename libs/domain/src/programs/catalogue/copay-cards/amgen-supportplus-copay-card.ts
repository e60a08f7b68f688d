import type { CopayCardProgram } from '../../types';

// Amgen's summary of terms names a Maximum Program Benefit without its amount; both amounts are null.
export const amgenSupportPlusCopayCard: CopayCardProgram = {
  kind: 'COPAY_CARD',
  id: 'amgen-supportplus-copay-card',
  name: 'Amgen SupportPlus Co-Pay Card',
  sponsor: 'Amgen',
  medications: [{ brand: 'Otezla', generic: 'apremilast', area: 'DERMATOLOGY' }],
  website: 'https://www.amgensupportplus.com',
  eligibleCoverage: ['EMPLOYER', 'MARKETPLACE'],
  terms:
    'Patients with commercial insurance covering an Amgen SupportPlus product, regardless of financial need; not ' +
    'valid when Medicare, Medicaid or any other federal or state program pays any part of the prescription, nor for ' +
    'cash-paying patients. Covers co-pay, co-insurance and deductible up to the program maximums.',
  payAsLittleAsCents: null,
  yearlyCapCents: null,
  termsEndOn: null,
  source: { url: 'https://amjevita.com/supportplus/enrollment', checkedOn: '2026-11-27' },
  otherSources: [
    {
      url: 'https://www.otezla.com/otezla-psoriasis-pill/getting-otezla-drug',
      checkedOn: '2026-11-27',
      usedFor: 'Otezla is supported through Amgen SupportPlus',
    },
  ],
};
