import type { PapProgram } from '../types';
import { APPLICATION_NOT_READ, ENROLLMENT_NOT_READ } from './not-yet-read';

// Coherus's page shows no date, so checkedOn is the day it was read (2026-11-27).
const COHERUS_MEDICARE_PAGE = {
  url: 'https://coherussolutions.com/udenyca/financial-assistance/medicare',
  checkedOn: '2026-11-27',
};

export const coherusPatientAssistanceProgram: PapProgram = {
  kind: 'PAP',
  id: 'coherus-patient-assistance-program',
  name: 'Coherus Solutions Patient Assistance Program',
  manufacturer: 'Coherus BioSciences',
  medications: [{ brand: 'Udenyca', generic: 'pegfilgrastim-cbqv', area: 'ONCOLOGY' }],
  website: 'https://coherussolutions.com',
  incomeLimitFplPercent: 500,
  incomeLimitNote: 'Adjusted annual household income at or below 500% of the federal poverty level.',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: {
      allowed: false,
      condition:
        'Medicare Part D and Medicare Advantage patients are not eligible; traditional Medicare fee-for-service ' +
        'patients who show financial hardship (provider attestation) may be.',
    },
    medicaid: { allowed: false, condition: 'Fee-for-service and managed Medicaid, VA, DoD and TRICARE are excluded.' },
    commercial: {
      allowed: true,
      condition: 'Only when functionally underinsured, as the program defines it, with no other financial support.',
    },
    // Both read on the Medicare page, the entry's source: the Part D rule's and the Medicaid rule's wording.
    medicareWithoutDrugs: {
      allowed: true,
      condition:
        'Traditional Medicare fee-for-service patients who show financial hardship (provider attestation) may be ' +
        'eligible.',
      source: COHERUS_MEDICARE_PAGE,
    },
    vaTricare: {
      allowed: false,
      condition: 'The program excludes VA, DoD and TRICARE coverage.',
      source: COHERUS_MEDICARE_PAGE,
    },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: [],
    description: 'U.S. resident of any U.S. state, treated in an established U.S. practice as an outpatient.',
  },
  documents: [{ kind: 'PROOF_OF_INCOME', label: 'Income documentation, when the program asks for it' }],
  // The patient must "complete and sign" the program's consent form; where the form goes was not on a Coherus page
  // (docs/product.md §15).
  application: { ...APPLICATION_NOT_READ, patientSignature: true },
  enrollment: ENROLLMENT_NOT_READ,
  source: COHERUS_MEDICARE_PAGE,
  otherSources: [
    {
      url: 'https://coherussolutions.com/loqtorzi/financial-assistance/medicare',
      checkedOn: '2026-11-27',
      usedFor: 'application: the patient completes and signs the consent form (same rule as for Udenyca)',
    },
  ],
};
