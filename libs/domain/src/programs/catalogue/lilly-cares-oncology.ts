import type { PapProgram } from '../types';
import { LILLY_VA } from './lilly-cares';
import { ENROLLMENT_NOT_READ } from './not-yet-read';

// Lilly Cares has a separate oncology application with its own rules (income, Medicare Part B), so Lilly's cancer
// medicines are a separate entry. Read on a copy of that application (form PP-AP-US-0487, dated 03/2022).
// Application (docs/product.md §15): Lilly's newer application (PP-AP-US-0631, 06/2024) lists these medicines as its
// Group 4 and gives the fax Lilly's own page gives (1-844-431-6650), replacing the 2022 form's 1-888-242-6230; Lilly
// asks not to mail applications. Where the medicine goes depends on the medicine, not on a choice (infused ones to
// the prescriber's office, oral ones to the patient's home, Lilly's oncology page), so no ship-to choice is offered.
const ONCOLOGY_APPLICATION = {
  url: 'https://fill.io/FOUNDATION-Patient-Assistance-Program-Oncology-Application-LILLY-CARES',
  checkedOn: '2026-11-27',
};
const MEDICARE_PART_B = 'Medicare Part B patients qualify only without supplemental or secondary insurance.';

export const lillyCaresOncology: PapProgram = {
  kind: 'PAP',
  id: 'lilly-cares-oncology',
  name: 'Lilly Cares Foundation Patient Assistance Program, oncology',
  manufacturer: 'Eli Lilly and Company',
  medications: [
    { brand: 'Verzenio', generic: 'abemaciclib', area: 'ONCOLOGY' },
    { brand: 'Retevmo', generic: 'selpercatinib', area: 'ONCOLOGY' },
    { brand: 'Cyramza', generic: 'ramucirumab', area: 'ONCOLOGY' },
    { brand: 'Erbitux', generic: 'cetuximab', area: 'ONCOLOGY' },
    { brand: 'Alimta', generic: 'pemetrexed', area: 'ONCOLOGY' },
    { brand: 'Portrazza', generic: 'necitumumab', area: 'ONCOLOGY' },
  ],
  website: 'https://www.lillycares.com',
  incomeLimitFplPercent: 500,
  incomeLimitNote: 'Annual household income at or below 500% of the federal poverty guideline (oncology application).',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: { allowed: true, condition: MEDICARE_PART_B },
    medicaid: {
      allowed: false,
      condition: 'Not while enrolled in Medicaid, the full Low-Income Subsidy (Extra Help) or VA benefits.',
    },
    commercial: {
      allowed: true,
      condition: 'Only when the insurance has denied a claim and one appeal for the prescribed medicine.',
    },
    // The oncology application's Medicare Part B rule (Part B without a drug plan is Medicare without drugs).
    medicareWithoutDrugs: {
      allowed: true,
      condition: MEDICARE_PART_B,
      source: ONCOLOGY_APPLICATION,
    },
    // The application's Medicaid rule names VA benefits too; it says nothing of TRICARE, so the kind needs review.
    vaTricare: { allowed: null, condition: LILLY_VA, source: ONCOLOGY_APPLICATION },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: ['PR', 'VI'],
    description: 'Permanent, legal resident of the United States, Puerto Rico or the U.S. Virgin Islands.',
  },
  documents: [],
  application: {
    patientSignature: true,
    hipaaAuthorization: null,
    eSignatureAccepted: true,
    prescriberFields: [],
    shipTo: [],
    submitTo: { fax: '+18444316650', mail: null, portalUrl: 'https://lillycareseservice.com/' },
  },
  enrollment: ENROLLMENT_NOT_READ,
  source: ONCOLOGY_APPLICATION,
  otherSources: [
    {
      url: 'https://bajabound2015.com/lilly-cares-patient-assistance-program-refill-request-form-8196',
      checkedOn: '2026-11-27',
      usedFor:
        'application: a copy of the Lilly Cares application PP-AP-US-0631 (06/2024), whose Group 4 holds these ' +
        'oncology medicines; fax 1-844-431-6650',
    },
    {
      url: 'https://www.lillycares.com/how-to-apply?section=pharmacy-partner',
      checkedOn: '2026-11-27',
      usedFor: 'application: fax 1-844-431-6650; submit online or by fax, "please do not mail your application"',
    },
    {
      url: 'https://lillycareseservice.com/',
      checkedOn: '2026-11-27',
      usedFor:
        "application: the program's online application (portal), where the patient signs the certifications and " +
        'consents electronically (eSignature required online)',
    },
    {
      url: 'http://lillycares.com/aboutlillycaresoncology.aspx',
      checkedOn: '2026-11-27',
      usedFor:
        "where the medicine goes: infused oncology medicines to the healthcare provider's office, oral ones to the " +
        "patient's home (set by the medicine, so no ship-to choice)",
    },
  ],
};
