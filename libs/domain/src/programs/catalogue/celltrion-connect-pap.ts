import type { PapProgram } from '../types';
import { APPLICATION_NOT_READ, ENROLLMENT_NOT_READ } from './not-yet-read';

// Celltrion's page shows no date, so checkedOn is the day it was read (2026-11-27).
const CELLTRION_PAGE = {
  url: 'https://celltrionconnect.com/patient/steqeyma/patient-assistance-program',
  checkedOn: '2026-11-27',
};
const GOVERNMENT_COVERAGE =
  'Any government coverage excludes the patient, including Medicare Parts A and B without Part D.';

export const celltrionConnectPap: PapProgram = {
  kind: 'PAP',
  id: 'celltrion-connect-pap',
  name: 'Celltrion CONNECT Patient Assistance Program',
  manufacturer: 'Celltrion',
  medications: [{ brand: 'Steqeyma', generic: 'ustekinumab-stba', area: 'DERMATOLOGY' }],
  website: 'https://www.celltrionconnect.com',
  incomeLimitFplPercent: 400,
  incomeLimitNote: 'Adjusted annual household income below 400% of the federal poverty level.',
  insurance: {
    uninsured: {
      allowed: true,
      condition:
        'Must have tried all other insurance options (private, Medicaid, Medicare, state and veterans programs).',
    },
    medicarePartD: { allowed: false, condition: GOVERNMENT_COVERAGE },
    medicaid: { allowed: false, condition: 'Any government coverage excludes the patient.' },
    commercial: { allowed: false, condition: 'The program is for uninsured patients only.' },
    medicareWithoutDrugs: { allowed: false, condition: GOVERNMENT_COVERAGE, source: CELLTRION_PAGE },
    // VA and TRICARE are government coverage, which the same page excludes whatever its kind.
    vaTricare: { allowed: false, condition: 'Any government coverage excludes the patient.', source: CELLTRION_PAGE },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: ['PR'],
    description: 'Valid address in the United States or Puerto Rico; the medicine is shipped and given there.',
  },
  documents: [
    {
      kind: 'PROOF_OF_INCOME',
      label: 'Proof of income (W-2, tax return or 3 months of pay stubs) if electronic verification does not match',
    },
  ],
  application: APPLICATION_NOT_READ,
  enrollment: ENROLLMENT_NOT_READ,
  source: CELLTRION_PAGE,
  otherSources: [],
};
