import { MEDICARE_DRUG_PLANS } from '../coverage';
import type { PapProgram } from '../types';

// Dates: the stored pages show no publication date, so checkedOn is the day they were read (2026-11-23). The
// requirements page quotes 2017 rules, so it is an old copy. The application requirements (docs/product.md §15)
// were read on 2026-11-27; no AZ&Me page read gives the fax number or the mailing address, so both stay null.
export const azAndMe: PapProgram = {
  kind: 'PAP',
  id: 'az-and-me',
  name: 'AZ&Me Prescription Savings Program',
  manufacturer: 'AstraZeneca',
  medications: [{ brand: 'Farxiga', generic: 'dapagliflozin', area: 'DIABETES' }],
  website: 'https://www.azandmeapp.com',
  incomeLimitFplPercent: null,
  incomeLimitNote:
    'Published in fixed dollars ($35,000 for one person, $48,000 for two) on an old copy of the page, not as a ' +
    'percentage of the guideline; specialty and oncology products differ.',
  incomeLimitDollars: {
    byHouseholdSize: [
      { householdSize: 1, cents: 3500000 },
      { householdSize: 2, cents: 4800000 },
    ],
    perExtraPersonCents: null,
    guidelineYear: null,
    statesNotCovered: [],
  },
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: {
      allowed: true,
      condition:
        'Must have spent at least 3% of household income on prescriptions through the Part D plan this year and not ' +
        'be eligible for or enrolled in the Low-Income Subsidy.',
    },
    medicaid: { allowed: false, condition: 'Not while receiving prescription coverage under a government program.' },
    commercial: { allowed: false, condition: 'Not while receiving prescription coverage under private insurance.' },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: null,
    description: 'Resident of the US, or holder of a work visa or green card.',
  },
  documents: [
    {
      kind: 'PROOF_OF_OUT_OF_POCKET_SPEND',
      label:
        "Medicare Part D only: plan Explanation of Benefits, pharmacy receipts or a pharmacy summary of this year's spend",
      only: { drugCoverage: MEDICARE_DRUG_PLANS },
    },
  ],
  application: {
    patientSignature: true,
    hipaaAuthorization: null,
    eSignatureAccepted: null,
    prescriberFields: [],
    shipTo: [],
    submitTo: { fax: null, mail: null, portalUrl: null },
  },
  enrollment: { months: null, endsDecember31: null },
  source: { url: 'http://www.azandmeapp.com/requirements', checkedOn: '2026-11-23' },
  otherSources: [
    {
      url: 'https://www.azandmeapp.com/resources/application_checklist',
      checkedOn: '2026-11-27',
      usedFor:
        'application: signed and dated by the patient and the prescriber (prescription on page 3), sent by mail or ' +
        'fax even when completed online',
    },
    {
      url: 'https://singlecare.com/blog/farxiga-patient-assistance',
      checkedOn: '2026-11-23',
      usedFor: 'Farxiga offered through AZ&Me (third-party article)',
    },
  ],
};
