import type { CopayCardProgram } from '../../types';

export const novartisOncologyUniversalCopayProgram: CopayCardProgram = {
  kind: 'COPAY_CARD',
  id: 'novartis-oncology-universal-copay-program',
  name: 'Novartis Oncology Universal Co-pay Program',
  sponsor: 'Novartis',
  medications: [{ brand: 'Kisqali', generic: 'ribociclib', area: 'ONCOLOGY' }],
  website: 'https://www.copay.novartisoncology.com',
  eligibleCoverage: ['EMPLOYER', 'MARKETPLACE'],
  terms:
    'Private insurance only; not for patients enrolled in Medicare, Medicaid, TRICARE, VA, DoD or any other federal ' +
    'or state program, not using insurance, or whose plan pays the whole cost. Co-pay card, payment card or rebate ' +
    'with a combined limit of $15,000 per calendar year. United States and Puerto Rico.',
  payAsLittleAsCents: null,
  yearlyCapCents: 1500000,
  termsEndOn: null,
  source: { url: 'https://www.copay.novartisoncology.com/eligibility/?name=sandostatin', checkedOn: '2026-11-27' },
  otherSources: [
    {
      url: 'https://copay.novartisoncology.com/ErrorPage?aspxerrorpath=/https:/portal.trialcard.com/leo/adbry/',
      checkedOn: '2026-11-27',
      usedFor: 'full terms and conditions ($15,000 combined annual limit, private insurance only)',
    },
  ],
};
