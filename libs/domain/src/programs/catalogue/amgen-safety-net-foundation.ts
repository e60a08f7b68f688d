import type { PapProgram } from '../types';

// Dates: the provider tip sheet shows no date, so checkedOn is the day it was read (2026-11-23); the third-party
// Otezla guide shows "Verified: February 27, 2026". The application requirements (docs/product.md §15) were reviewed
// on 2026-11-27: the stored tip sheet breaks off before its fax number, so the fax stays null.
export const amgenSafetyNetFoundation: PapProgram = {
  kind: 'PAP',
  id: 'amgen-safety-net-foundation',
  name: 'Amgen Safety Net Foundation',
  manufacturer: 'Amgen',
  medications: [
    { brand: 'Kyprolis', generic: 'carfilzomib', area: 'ONCOLOGY' },
    { brand: 'Vectibix', generic: 'panitumumab', area: 'ONCOLOGY' },
    { brand: 'Otezla', generic: 'apremilast', area: 'DERMATOLOGY' },
  ],
  website: 'https://www.amgensafetynetfoundation.com',
  incomeLimitFplPercent: 500,
  incomeLimitNote:
    "Amgen's provider tip sheet gives dollars: $60,300 for one person up to $123,000 for four, plus $20,900 per " +
    'extra person, which is exactly 500% of the 2017 HHS guideline ($12,060 + $4,180 per person); an old sheet, ' +
    'but a third-party 2026 guide also states 500% of FPL.',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: { allowed: null },
    medicaid: { allowed: null },
    commercial: {
      allowed: null,
      condition: 'Patients with no or limited drug coverage and no other insurance or financial support options.',
    },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: ['PR', 'VI', 'GU', 'AS', 'MP'],
    description: 'Resident of the US or its territories; outpatient use only.',
  },
  documents: [],
  application: {
    patientSignature: null,
    hipaaAuthorization: null,
    eSignatureAccepted: null,
    prescriberFields: [],
    shipTo: ['PATIENT_HOME'],
    submitTo: { fax: null, mail: null, portalUrl: null },
  },
  enrollment: { months: null, endsDecember31: null },
  source: {
    url: 'https://docslib.org/doc/10806100/provider-tip-sheet-enrollment-for-replacement-products',
    checkedOn: '2026-11-23',
  },
  otherSources: [
    {
      url: 'https://www.myrxadvantage.com/medications/otezla-apremilast',
      checkedOn: '2026-02-27',
      usedFor:
        'Otezla offered through the Amgen Safety Net Foundation; 500% FPL; application: medicine shipped to the ' +
        'patient (third-party guide)',
    },
  ],
};
