import type { FoundationProgram } from '../../types';

// Good Days' disease fund list (its formulary, each fund's status and income limit) was not in the stored copies, so
// no fund is listed: screening cannot offer a Good Days fund until one is read (docs/product.md §15). The general
// rules come from Good Days' own patient FAQ, whose stored copy speaks of re-enrollment for 2017 (undated: checkedOn
// is the day it was read). A retina provider's undated page reports Good Days' insolvency (a "lack of funding"), one
// more reason no fund is offered until Good Days' own pages show one open.
export const goodDays: FoundationProgram = {
  kind: 'FOUNDATION',
  id: 'good-days',
  name: 'Good Days',
  sponsor: 'Good Days',
  website: 'https://www.mygooddays.org',
  funds: [],
  source: { url: 'https://www.mygooddays.org/for-patients/patients-faq/', checkedOn: '2026-11-27' },
  otherSources: [
    {
      url: 'https://www.mygooddays.org/for-patients/patients-faq/',
      checkedOn: '2026-11-27',
      usedFor:
        'valid medical insurance (copay help needs at least 50% coverage, deductibles aside), a medicine on the Good ' +
        'Days formulary, household income criteria; grants end on December 31 and are re-applied for each year',
    },
    {
      url: 'https://lumatahealth.com/providers/good-days-insolvency',
      checkedOn: '2026-11-27',
      usedFor: 'Good Days insolvency: "the lack of funding for Good Days" (third-party page, undated); no fund listed',
    },
  ],
};
