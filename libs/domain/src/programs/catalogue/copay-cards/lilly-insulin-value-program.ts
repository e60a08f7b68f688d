import type { CopayCardProgram } from '../../types';

// Lilly's own announcement (2020-04-09) of the $35 insulin copay card: the commercially insured and the uninsured
// may use it, so eligibleCoverage lists both (docs/product.md §15).
export const lillyInsulinValueProgram: CopayCardProgram = {
  kind: 'COPAY_CARD',
  id: 'lilly-insulin-value-program',
  name: 'Lilly Insulin Value Program',
  sponsor: 'Eli Lilly and Company',
  medications: [{ brand: 'Humalog', generic: 'insulin lispro', area: 'DIABETES' }],
  website: 'https://www.insulinaffordability.com',
  eligibleCoverage: ['EMPLOYER', 'MARKETPLACE', 'NONE'],
  terms:
    'Anyone with commercial insurance, and the uninsured, may fill a monthly prescription of most Lilly insulins ' +
    '(all Humalog formulations) for $35; Medicare, Medicaid and Medicare Part D patients are not eligible. U.S. and ' +
    'territories; card from the Lilly Diabetes Solution Center (833-808-1234).',
  payAsLittleAsCents: 3500,
  yearlyCapCents: null,
  termsEndOn: null,
  source: {
    url: 'https://www.lilly.com/news/stories/lilly-diabetes-solution-center-faq-what-to-expect-when-you-call',
    checkedOn: '2020-04-09',
  },
  otherSources: [],
};
