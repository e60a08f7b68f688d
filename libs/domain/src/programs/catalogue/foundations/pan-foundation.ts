import type { FoundationProgram } from '../../types';

// PAN's disease fund pages (status, income limit, formulary) were not in the stored copies (docs/product.md §15). The
// one fund listed was read on pages that name it: PAN's own release of January 23, 2015 (the HIV fund also covers PrEP
// and PEP) and a page of the ADAP Advocacy Association (PAN is its corporate partner), dated May 19, 2017, saying PAN "opened its fund
// for HIV Prevention And Treatment" and is "accepting applications for new and renewal patients": so OPEN as of
// 2017-05-19, not today. Neither page gives the fund's income limit (null: screening asks for review) or names its 56
// medicines. An undated copy of PAN's old site (index.php?option=com_content&view=article&id=187) shows a Medicare-only
// plaque psoriasis fund "Fully Allocated" with a 400% limit; it is not listed, since nothing tells when that status was
// true. No other fund's status was found; the general rules come from PAN's pages.
const hivOpened = { url: 'http://adapadvocacyassociation.blogspot.fr/', checkedOn: '2026-11-27' };
/** The page's own date: the day the fund was said to be open. */
const hivOpenedOn = '2017-05-19';

export const panFoundation: FoundationProgram = {
  kind: 'FOUNDATION',
  id: 'pan-foundation',
  name: 'PAN Foundation',
  sponsor: 'PAN Foundation',
  website: 'https://www.panfoundation.org',
  funds: [
    {
      id: 'hiv-treatment-and-prevention',
      name: 'HIV Treatment and Prevention',
      areas: ['HIV_PREP'],
      medications: [],
      wholeArea: true,
      incomeLimitFplPercent: null,
      status: 'OPEN',
      statusSeenOn: hivOpenedOn,
      source: hivOpened,
    },
  ],
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
    {
      url: 'https://panfoundation.org/index.php/en/about-us/media-room/pan-foundation-expands-eligibility-criteria-for-hiv-treatment-and-prevention-fund-for-people-who-need-pre-or-post-exposure-prophylaxis',
      checkedOn: '2026-11-27',
      usedFor: 'the HIV Treatment and Prevention fund, expanded to people who need PrEP or PEP (PAN release)',
    },
    {
      url: 'http://adapadvocacyassociation.blogspot.fr/',
      checkedOn: '2026-11-27',
      usedFor:
        'HIV fund status: PAN "opened its fund", accepting new and renewal patients (third-party page, May 19, 2017)',
    },
  ],
};
