import type { FoundationProgram } from '../../types';

// PAN's disease fund pages (status, income limit, formulary) were not in the stored copies, so no fund is listed:
// screening cannot offer a PAN fund until one is read (docs/product.md §15). The general rules come from PAN's pages.
export const panFoundation: FoundationProgram = {
  kind: 'FOUNDATION',
  id: 'pan-foundation',
  name: 'PAN Foundation',
  sponsor: 'PAN Foundation',
  website: 'https://www.panfoundation.org',
  funds: [],
  source: {
    url: 'https://panfoundation.org/apply-and-manage-grants/apply-for-grants/enrolling-your-patients',
    checkedOn: '2026-11-27',
  },
  otherSources: [
    {
      url: 'https://www.panfoundation.org/patient-faqs?/',
      checkedOn: '2026-11-27',
      usedFor: '12-month grants; co-pay, premium and transportation funds; apply online or by phone',
    },
  ],
};
