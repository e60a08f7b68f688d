import type { CopayCardProgram } from '../../types';

export const novartisCosentyxCopayProgram: CopayCardProgram = {
  kind: 'COPAY_CARD',
  id: 'novartis-cosentyx-copay-program',
  name: 'COSENTYX $0 Co-pay Program',
  sponsor: 'Novartis',
  medications: [{ brand: 'Cosentyx', generic: 'secukinumab', area: 'DERMATOLOGY' }],
  website: 'https://www.cosentyx.com',
  eligibleCoverage: ['EMPLOYER', 'MARKETPLACE'],
  terms:
    'Commercially (privately) insured patients; not valid under Medicare, Medicaid or any other federal or state ' +
    'program. $0 co-pay up to a $16,000 annual limit; limitations may apply in Massachusetts and California.',
  payAsLittleAsCents: 0,
  yearlyCapCents: 1600000,
  termsEndOn: null,
  source: { url: 'https://www.info.cosentyx.com/plaque-psoriasis/access', checkedOn: '2026-11-27' },
  otherSources: [
    {
      url: 'https://www.readysetcosentyx.com/frequently-asked-questions',
      checkedOn: '2026-11-27',
      usedFor: '$0 co-pay program for eligible commercially insured patients',
    },
  ],
};
