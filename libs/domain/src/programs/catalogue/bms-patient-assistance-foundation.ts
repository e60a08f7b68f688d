import { MEDICARE_DRUG_PLANS } from '../coverage';
import type { PapProgram } from '../types';

// The eligibility text was read on an insurance agency's page that reproduces the foundation's own wording.
// Dates: the stored pages show no publication date, so checkedOn is the day they were read (2026-11-23); the
// application requirements (docs/product.md §15) were read on 2026-11-27 in the same copy of the foundation's form.
export const bmsPatientAssistanceFoundation: PapProgram = {
  kind: 'PAP',
  id: 'bms-patient-assistance-foundation',
  name: 'Bristol Myers Squibb Patient Assistance Foundation (BMSPAF)',
  manufacturer: 'Bristol Myers Squibb',
  medications: [
    { brand: 'Eliquis', generic: 'apixaban', area: 'CARDIOLOGY' },
    { brand: 'Orencia', generic: 'abatacept', area: 'RHEUMATOLOGY' },
  ],
  website: 'https://www.bmspaf.org',
  incomeLimitFplPercent: 300,
  incomeLimitNote:
    'Eliquis and Orencia: at or below $45,180 for one person and $61,320 for two, which is exactly 300% of the 2024 ' +
    'HHS guideline ($15,060; $20,440). Cancer and some other BMS medicines have higher limits.',
  incomeLimitDollars: {
    byHouseholdSize: [
      { householdSize: 1, cents: 4518000 },
      { householdSize: 2, cents: 6132000 },
    ],
    perExtraPersonCents: null,
    guidelineYear: 2024,
    statesNotCovered: [],
  },
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: {
      allowed: true,
      condition:
        'Part D enrollees must have spent at least 3% of yearly income on prescriptions this year; people 65 and over ' +
        'must show they do not qualify for the Low-Income Subsidy (Extra Help).',
    },
    medicaid: { allowed: null },
    commercial: {
      allowed: true,
      condition: 'Only when the plan does not cover, or has denied coverage for, the medicine.',
    },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: ['PR', 'VI', 'GU', 'AS', 'MP'],
    description:
      'Live in the United States or a U.S. territory (Puerto Rico, U.S. Virgin Islands, Guam, American Samoa, ' +
      'Northern Mariana Islands: contact BMSPAF), treated by a U.S. licensed prescriber as an outpatient.',
  },
  documents: [
    { kind: 'PROOF_OF_INCOME', label: 'Federal tax return, Social Security statement or other proof of income' },
    {
      kind: 'PROOF_OF_OUT_OF_POCKET_SPEND',
      label: "Medicare Part D only: pharmacy print-out of this year's out-of-pocket prescription costs",
      only: { drugCoverage: MEDICARE_DRUG_PLANS },
    },
    {
      kind: 'COVERAGE_DENIAL',
      label: 'Age 65 and over: proof of denial from the Low-Income Subsidy (Extra Help)',
      only: { minAge: 65 },
    },
    { kind: 'PRESCRIBER_FORM', label: 'Prescriber certification section, signed and dated' },
    { kind: 'PRESCRIPTION', label: 'Prescription attached to the application' },
  ],
  application: {
    patientSignature: true,
    hipaaAuthorization: null,
    eSignatureAccepted: null,
    prescriberFields: [],
    shipTo: [],
    submitTo: {
      fax: '+18007361611',
      mail: 'Bristol-Myers Squibb Patient Assistance Foundation, PO Box 220769, Charlotte, NC 28222-0769',
      portalUrl: null,
    },
  },
  enrollment: { months: null, endsDecember31: null },
  source: { url: 'https://csmithinsurancegroup.com/patient-assistance-for-eliquis', checkedOn: '2026-11-23' },
  otherSources: [
    {
      url: 'http://www.bmsaccesssupport.bmscustomerconnect.com/oncology/services/patient-financial-assistance',
      checkedOn: '2026-11-23',
      usedFor: 'Medicare Part D 3% out-of-pocket rule; coverage denied for the requested medicine',
    },
    {
      url: 'https://id.scribd.com/document/420126825/BMS-Patient-Assistance-Foundation',
      checkedOn: '2026-11-23',
      usedFor: 'mailing address, documents (an older copy of the application form)',
    },
    {
      url: 'https://id.scribd.com/document/420126825/BMS-Patient-Assistance-Foundation',
      checkedOn: '2026-11-27',
      usedFor:
        'application (third-party copy of the form): return by mail or fax 800-736-1611; the patient signs and ' +
        'dates the Patient Agreement & Consent, the prescriber the Prescriber Certification',
    },
  ],
};
