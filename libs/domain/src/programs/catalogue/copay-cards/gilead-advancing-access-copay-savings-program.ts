import type { CopayCardProgram } from '../../types';

// Gilead's page lists a yearly amount per product, but the stored copy is cut off before Biktarvy and Descovy are
// named, so yearlyCapCents is null. FEHB plans are excluded by these terms although they are employer plans.
export const gileadAdvancingAccessCopaySavingsProgram: CopayCardProgram = {
  kind: 'COPAY_CARD',
  id: 'gilead-advancing-access-copay-savings-program',
  name: 'Gilead Advancing Access Co-pay Savings Program',
  sponsor: 'Gilead Sciences',
  medications: [
    { brand: 'Biktarvy', generic: 'bictegravir/emtricitabine/tenofovir alafenamide', area: 'HIV_PREP' },
    { brand: 'Descovy', generic: 'emtricitabine/tenofovir alafenamide', area: 'HIV_PREP' },
  ],
  website: 'https://www.gileadadvancingaccess.com',
  eligibleCoverage: ['EMPLOYER', 'MARKETPLACE'],
  terms:
    'Patients with commercial or private insurance. Not for anyone with a state or federally funded prescription ' +
    'program such as Medicare, Medicare Part D, Medicaid, the Federal Employees Health Benefits Program or VA/TRICARE. ' +
    'Cost-sharing assistance per calendar year with no monthly limit.',
  payAsLittleAsCents: null,
  yearlyCapCents: null,
  termsEndOn: null,
  source: { url: 'https://gileadadvancingaccess.com/hcp/financial-assistance/copay-support', checkedOn: '2026-11-27' },
  otherSources: [
    {
      url: 'https://gileadadvancingaccess.com/patient/faq',
      checkedOn: '2026-11-27',
      usedFor: 'the co-pay coupon card is part of Advancing Access for Gilead HIV treatment and prevention',
    },
  ],
};
