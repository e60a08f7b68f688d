import type { CopayCardProgram } from '../../types';

// The stored pages show no date, so checkedOn is the day they were read (2026-11-27).
export const novoNordiskOzempicSavingsCard: CopayCardProgram = {
  kind: 'COPAY_CARD',
  id: 'novo-nordisk-ozempic-savings-card',
  name: 'Ozempic Savings Card',
  sponsor: 'Novo Nordisk',
  medications: [{ brand: 'Ozempic', generic: 'semaglutide', area: 'DIABETES' }],
  website: 'https://www.novocare.com',
  eligibleCoverage: ['EMPLOYER', 'MARKETPLACE'],
  terms:
    'Commercially insured patients whose plan covers Ozempic. Not for anyone enrolled in Medicare, Medicaid, VA, DoD, ' +
    'TRICARE or any federal or state program, even paying as self-pay; FEHB, Affordable Care Act exchange and state ' +
    'employee plans are not government programs for this offer. Activation valid for up to 48 months.',
  payAsLittleAsCents: 2500,
  // The HCP page gives a per-prescription maximum (up to $150), not a yearly one.
  yearlyCapCents: null,
  termsEndOn: null,
  source: { url: 'https://novocare.com/eligibility/diabetes-savings-card.html', checkedOn: '2026-11-27' },
  otherSources: [
    {
      url: 'https://www.ozempicpro.com/getting-patients-started/ozempic-savings-and-coverage.html',
      checkedOn: '2026-11-27',
      usedFor: 'pay as little as $25; savings card covers up to $150 per prescription',
    },
  ],
};
