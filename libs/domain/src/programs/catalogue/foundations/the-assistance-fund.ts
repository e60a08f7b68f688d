import type { FoundationProgram } from '../../types';

// TAF's Disease Program Hub (each program's OPEN/WAITLIST status) was not in the stored copies, so no program is
// listed: screening cannot offer a TAF program until one is read (docs/product.md §15). Searched again for issue 29
// (TAF's hub, waitlist page, program launches): the stored TAF pages are FAQs and terms that name no program.
export const theAssistanceFund: FoundationProgram = {
  kind: 'FOUNDATION',
  id: 'the-assistance-fund',
  name: 'The Assistance Fund',
  sponsor: 'The Assistance Fund',
  website: 'https://tafcares.org',
  funds: [],
  source: { url: 'https://tafcares.org/patients/faqs', checkedOn: '2026-11-27' },
  otherSources: [
    {
      url: 'https://tafcares.org/patients/taf-disease-program-waitlists',
      checkedOn: '2026-11-27',
      usedFor: 'programs not accepting new patients keep a waitlist (status WAITLIST on the hub)',
    },
  ],
};
