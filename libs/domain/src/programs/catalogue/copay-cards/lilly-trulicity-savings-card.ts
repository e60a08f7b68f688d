import type { CopayCardProgram } from '../../types';

// The stored terms end with "Card expires and savings end on 12/31/2025"; no newer terms were in the stored copies,
// so the amounts below are the last published ones (docs/product.md §15: a fact is shown with its source and date).
export const lillyTrulicitySavingsCard: CopayCardProgram = {
  kind: 'COPAY_CARD',
  id: 'lilly-trulicity-savings-card',
  name: 'Trulicity Savings Card',
  sponsor: 'Eli Lilly and Company',
  medications: [{ brand: 'Trulicity', generic: 'dulaglutide', area: 'DIABETES' }],
  website: 'https://trulicity.lilly.com',
  eligibleCoverage: ['EMPLOYER', 'MARKETPLACE'],
  terms:
    'Commercial drug insurance covering Trulicity; not for anyone enrolled in Medicaid, Medicare (Part D, Advantage), ' +
    'Medigap, DoD, VA, TRICARE/CHAMPUS or a state drug assistance program; U.S. or Puerto Rico residents aged 18 or ' +
    'older. Up to $150 per 1-month fill, 13 fills a year. The stored terms ended on 12/31/2025.',
  payAsLittleAsCents: 2500,
  yearlyCapCents: 195000,
  termsEndOn: '2025-12-31',
  source: { url: 'https://startlilly.com/trulicity/resources-for-the-pharmacy', checkedOn: '2026-11-27' },
  otherSources: [
    {
      url: 'https://trulicity.lilly.com/hcp/savings',
      checkedOn: '2026-11-27',
      usedFor: 'pay as little as $25 for a 1-, 2- or 3-month prescription; governmental beneficiaries excluded',
    },
  ],
};
