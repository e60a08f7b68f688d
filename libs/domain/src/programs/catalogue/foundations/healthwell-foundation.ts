import type { FoundationProgram } from '../../types';

// HealthWell's fund list was not in the stored copies; each fund below was read in HealthWell's own announcement of
// its opening, so its status is OPEN as of that announcement's date (statusSeenOn), not today; the announcements
// were read on 2026-11-27 (checkedOn). No newer status page
// for either fund was found in the stored copies (searched again for issue 29).
export const healthwellFoundation: FoundationProgram = {
  kind: 'FOUNDATION',
  id: 'healthwell-foundation',
  name: 'HealthWell Foundation',
  sponsor: 'HealthWell Foundation',
  website: 'https://www.healthwellfoundation.org',
  funds: [
    {
      id: 'type-2-diabetes',
      name: 'Type 2 Diabetes',
      areas: ['DIABETES'],
      medications: [],
      wholeArea: false,
      incomeLimitFplPercent: 300,
      status: 'OPEN',
      statusSeenOn: '2023-07-31',
      source: {
        url: 'https://www.healthwellfoundation.org/story/healthwell-foundation-opens-new-financial-assistance-fund-for-people-diagnosed-with-type-2-diabetes/',
        checkedOn: '2026-11-27',
      },
    },
    {
      id: 'acute-myeloid-leukemia-medicare',
      name: 'Acute Myeloid Leukemia - Medicare Access',
      areas: ['ONCOLOGY'],
      medications: [],
      wholeArea: false,
      // "to assist Medicare patients" (the fund's announcement, and its name).
      medicareOnly: true,
      incomeLimitFplPercent: 500,
      status: 'OPEN',
      statusSeenOn: '2017-08-15',
      source: {
        url: 'https://www.healthwellfoundation.org/story/healthwell-foundation-opens-fund-assist-medicare-patients-acute-myeloid-leukemia/',
        checkedOn: '2026-11-27',
      },
    },
  ],
  source: {
    url: 'https://www.healthwellfoundation.org/about/what-we-do/frequently-asked-questions/',
    checkedOn: '2026-11-27',
  },
  otherSources: [
    {
      url: 'https://www.healthwellfoundation.org/pharmacies/',
      checkedOn: '2026-11-27',
      usedFor: 'income up to 400 or 500% of FPL, insurance must cover the medication, dispensed in the United States',
    },
  ],
};
