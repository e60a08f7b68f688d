import type { CopayCardProgram } from '../../types';

// Two undated HUMIRA Complete pages disagree ("as little as $5" on the cost page, "$0" on the insurance page); the
// card's own cost-and-copay page is the source here and the other amount is named in the terms.
export const abbvieHumiraCompleteSavingsCard: CopayCardProgram = {
  kind: 'COPAY_CARD',
  id: 'abbvie-humira-complete-savings-card',
  name: 'HUMIRA Complete Savings Card',
  sponsor: 'AbbVie',
  medications: [{ brand: 'Humira', generic: 'adalimumab', area: 'RHEUMATOLOGY' }],
  website: 'https://www.humira.com/humira-complete',
  eligibleCoverage: ['EMPLOYER', 'MARKETPLACE'],
  terms:
    'Patients with commercial prescription insurance covering HUMIRA; not for anyone whose prescription is ' +
    'reimbursed under Medicare, Medicaid, TRICARE, DoD, VA or another government program. As little as $5 a month ' +
    '(the insurance page says $0); plans using co-pay maximizers or accumulators may lose eligibility.',
  payAsLittleAsCents: 500,
  yearlyCapCents: null,
  termsEndOn: null,
  source: { url: 'https://www.humira.com/humira-complete/cost-and-copay?ind=ra', checkedOn: '2026-11-27' },
  otherSources: [
    {
      url: 'https://humira.com/humira-complete/insurance-coverage-explained',
      checkedOn: '2026-11-27',
      usedFor: 'commercial (employer or marketplace) plans; "as little as $0 a month"',
    },
  ],
};
