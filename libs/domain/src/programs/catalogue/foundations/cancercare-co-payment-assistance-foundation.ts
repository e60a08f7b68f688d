import type { FoundationFund, FoundationProgram } from '../../types';

// CancerCare's current diagnosis list is drawn by script and was empty in the stored copy. The funds below are the
// diagnoses CancerCare's own 2009 release names as covered, so their OPEN status is as of that release
// (2009-05-13); every stored copy of cancercare.org/copayfoundation (read again for issue 29) still draws the list
// by script. The income limit (four times the poverty level) is on the current, undated eligibility page.
const release = {
  url: 'https://cancercare.org/press/releases/13-2009_05_13',
  checkedOn: '2026-11-27',
};
/** The release's own date: the day its list of covered diagnoses held. */
const releasedOn = '2009-05-13';

/** Every CancerCare fund has the same rules: oncology, all its medicines, four times the poverty level. */
function cancerFund(id: string, name: string): FoundationFund {
  return {
    id,
    name,
    areas: ['ONCOLOGY'],
    medications: [],
    wholeArea: false,
    incomeLimitFplPercent: 400,
    status: 'OPEN',
    statusSeenOn: releasedOn,
    source: release,
  };
}

export const cancerCareCoPaymentAssistanceFoundation: FoundationProgram = {
  kind: 'FOUNDATION',
  id: 'cancercare-co-payment-assistance-foundation',
  name: 'CancerCare Co-Payment Assistance Foundation',
  sponsor: 'CancerCare',
  website: 'https://www.cancercarecopay.org',
  funds: [
    cancerFund('breast-cancer', 'Breast cancer'),
    cancerFund('lung-cancer', 'Lung cancer'),
    cancerFund('prostate-cancer', 'Prostate cancer'),
    cancerFund('colorectal-cancer', 'Colorectal cancer'),
  ],
  source: { url: 'https://www.cancercare.org/copayfoundation', checkedOn: '2026-11-27' },
  otherSources: [
    {
      url: 'http://cancercarecopay.org/faq/',
      checkedOn: '2026-11-27',
      usedFor: 'Medicare Part D patients may apply; treatment in the United States',
    },
  ],
};
