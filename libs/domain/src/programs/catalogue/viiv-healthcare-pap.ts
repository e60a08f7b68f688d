import type { PapProgram } from '../types';

// Dates: the stored pages show no publication date, so checkedOn is the day they were read (2026-11-23); the
// application requirements (docs/product.md §15) were read on 2026-11-27. Patients apply to the PAP by enrolling in
// ViiVConnect, so the fax is ViiVConnect's enrollment fax.
const INJECTABLE_PAGE = {
  url: 'https://www.viivconnect.com/injectable/patient-assistance-program/',
  checkedOn: '2026-11-23',
};

export const viivHealthcarePap: PapProgram = {
  kind: 'PAP',
  id: 'viiv-healthcare-pap',
  name: 'ViiV Healthcare Patient Assistance Program (ViiVConnect)',
  manufacturer: 'ViiV Healthcare',
  medications: [
    { brand: 'Cabenuva', generic: 'cabotegravir/rilpivirine', area: 'HIV_PREP' },
    { brand: 'Apretude', generic: 'cabotegravir', area: 'HIV_PREP' },
  ],
  website: 'https://www.viivconnect.com',
  incomeLimitFplPercent: 500,
  incomeLimitNote: 'Household income less than or equal to 500% of the Federal Poverty Level based on household size.',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: {
      allowed: true,
      condition: 'Must have spent $600 or more on out-of-pocket prescription expenses this calendar year.',
    },
    medicaid: { allowed: false, condition: 'Applicants must not be eligible for Medicaid.' },
    commercial: {
      allowed: false,
      condition:
        'Exception: private plans limited to generic-only coverage, outpatient use only, or that exclude the ' +
        "medicine's class.",
    },
    // The injectables' page takes Medicare Part B (no drug plan) on the same $600 spend as Part D and Advantage.
    medicareWithoutDrugs: {
      allowed: true,
      condition:
        'Medicare Part B patients must have spent $600 or more on out-of-pocket prescription expenses this calendar ' +
        'year.',
      source: INJECTABLE_PAGE,
    },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: ['PR'],
    description: 'Live in one of the 50 states, the District of Columbia or Puerto Rico.',
  },
  documents: [
    {
      kind: 'COVERAGE_DENIAL',
      label: "Puerto Rico only: denial of coverage from Puerto Rico's Government Health Plan (Mi Salud)",
      only: { states: ['PR'] },
    },
  ],
  application: {
    patientSignature: null,
    hipaaAuthorization: null,
    eSignatureAccepted: null,
    prescriberFields: [],
    shipTo: [],
    submitTo: { fax: '+18442087676', mail: null, portalUrl: null },
  },
  enrollment: { months: null, endsDecember31: null },
  source: { url: 'https://www.viivconnect.com/patient-assistance-program/', checkedOn: '2026-11-23' },
  otherSources: [
    {
      ...INJECTABLE_PAGE,
      usedFor: 'injectable medicines in the program; Medicare Part B, Part D or Advantage with $600 spend',
    },
    {
      url: 'https://viivconnect.com/hcp/get-answers',
      checkedOn: '2026-11-23',
      usedFor: 'Cabenuva and Apretude enrolled through ViiVConnect',
    },
    {
      url: 'https://viivconnect.com/hcp/get-answers',
      checkedOn: '2026-11-27',
      usedFor:
        'application: enroll in ViiVConnect through the provider portal, online, or by fax (the downloadable ' +
        'forms) to 1-844-208-7676',
    },
    {
      url: 'https://www.viivconnect.com/injectable/patient-assistance-program/',
      checkedOn: '2026-11-27',
      usedFor: 'application: a Patient Representative can help the patient enroll in ViiVConnect and apply for PAP',
    },
  ],
};
