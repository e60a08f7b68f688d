import type { PapProgram } from '../types';

// Dates: the AbbVie pages show no publication date, so checkedOn is the day they were read (2026-11-23); the
// third-party Rinvoq guide shows "Verified: February 27, 2026". The application requirements (docs/product.md §15)
// were reviewed on 2026-11-27: AbbVie's pages read describe an online application and say the program faxes the
// provider's part to the provider, but give no fax number, address or portal address to record.
export const abbvieMyAbbVieAssist: PapProgram = {
  kind: 'PAP',
  id: 'abbvie-myabbvie-assist',
  name: 'myAbbVie Assist',
  manufacturer: 'AbbVie',
  medications: [
    { brand: 'Humira', generic: 'adalimumab', area: 'RHEUMATOLOGY' },
    { brand: 'Rinvoq', generic: 'upadacitinib', area: 'RHEUMATOLOGY' },
  ],
  website: 'https://www.abbvie.com/patients/patient-support/patient-assistance/income-criteria.html',
  incomeLimitFplPercent: 600,
  incomeLimitNote:
    'Published in dollars: $90,360 for one person, $122,640 for two, $154,920 for three, $187,200 for four, plus ' +
    '$32,280 per extra person, which is exactly 600% of the 2024 HHS guideline ($15,060 + $5,380 per person).',
  incomeLimitDollars: {
    byHouseholdSize: [
      { householdSize: 1, cents: 9036000 },
      { householdSize: 2, cents: 12264000 },
      { householdSize: 3, cents: 15492000 },
      { householdSize: 4, cents: 18720000 },
    ],
    perExtraPersonCents: 3228000,
    guidelineYear: 2024,
    statesNotCovered: [],
  },
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: {
      allowed: true,
      condition: 'Insured patients are reviewed on their coverage, household income and out-of-pocket medical costs.',
    },
    medicaid: { allowed: null },
    commercial: {
      allowed: true,
      condition:
        'Reviewed on coverage, income and out-of-pocket costs; plans that require applying to myAbbVie Assist ' +
        '(alternate funding programs) are not eligible.',
    },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: null,
    description: 'Humira: United States and Puerto Rico; all other AbbVie programs: United States only.',
  },
  documents: [{ kind: 'PROOF_OF_INCOME', label: 'Proof of income (required in most cases)' }],
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
    url: 'https://www.abbvie.com/patients/patient-support/patient-assistance/income-criteria.html',
    checkedOn: '2026-11-23',
  },
  otherSources: [
    {
      url: 'http://abbviepaf.org/faqs.cfm',
      checkedOn: '2026-11-23',
      usedFor: 'residency (Humira: US and Puerto Rico), proof of income, Humira in the program',
    },
    {
      url: 'https://www.myrxadvantage.com/medications/rinvoq-upadacitinib',
      checkedOn: '2026-02-27',
      usedFor:
        'Rinvoq offered through myAbbVie Assist; application: medicine shipped to the patient (third-party guide)',
    },
  ],
};
