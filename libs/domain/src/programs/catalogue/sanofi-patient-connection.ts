import type { PapProgram } from '../types';

// Dates: Sanofi's pages show no publication date, so checkedOn is the day they were read (2026-11-23); the
// third-party medication guides show "Verified: February 27, 2026". The application requirements
// (docs/product.md §15) were read on 2026-11-27 in the same copy of the 2020 application the entry already used.
export const sanofiPatientConnection: PapProgram = {
  kind: 'PAP',
  id: 'sanofi-patient-connection',
  name: 'Sanofi Patient Connection (Patient Assistance Connection)',
  manufacturer: 'Sanofi',
  medications: [
    { brand: 'Lantus', generic: 'insulin glargine', area: 'DIABETES' },
    { brand: 'Toujeo', generic: 'insulin glargine', area: 'DIABETES' },
    { brand: 'Admelog', generic: 'insulin lispro', area: 'DIABETES' },
  ],
  website: 'https://www.sanofipatientconnection.com',
  incomeLimitFplPercent: 400,
  incomeLimitNote: 'Annual household income of 400% of the current Federal Poverty Level.',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: {
      allowed: true,
      condition:
        'Must also have spent at least 2% of annual household income this calendar year on prescriptions covered by ' +
        'the Part D plan.',
    },
    medicaid: {
      allowed: null,
      condition: 'Anyone who may be eligible for Medicaid must provide a Medicaid denial before being assessed.',
    },
    commercial: {
      allowed: true,
      condition: 'Only when the insurance gives no access to the prescribed product.',
    },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: ['PR', 'VI', 'GU', 'AS', 'MP'],
    description: 'Resident of the U.S. or U.S. territories, under the care of a U.S. licensed healthcare provider.',
  },
  documents: [
    { kind: 'COVERAGE_DENIAL', label: 'Medicaid denial, if you may be eligible for Medicaid' },
    { kind: 'PRESCRIBER_FORM', label: 'Healthcare provider section of the application, completed and signed' },
  ],
  application: {
    patientSignature: true,
    hipaaAuthorization: null,
    eSignatureAccepted: null,
    prescriberFields: [],
    shipTo: [],
    submitTo: {
      fax: '+18888471797',
      mail: 'Sanofi Patient Connection, P.O. Box 222138, Charlotte, NC 28222-2138',
      portalUrl: null,
    },
  },
  enrollment: { months: null, endsDecember31: null },
  source: { url: 'https://www.sanofipatientconnection.com/medicare-part-d', checkedOn: '2026-11-23' },
  otherSources: [
    {
      url: 'https://fill.io/Who-may-be-eligible-for-Patient-Assistance-Connection',
      checkedOn: '2026-11-23',
      usedFor: 'uninsured and commercial rules, mailing address, provider section (copy of the 2020 application)',
    },
    {
      url: 'https://fill.io/Who-may-be-eligible-for-Patient-Assistance-Connection',
      checkedOn: '2026-11-27',
      usedFor:
        "application (third-party copy of Sanofi's 2020 form): fax 1.888.847.1797 in the form's header; the patient " +
        'completes page 2 and signs page 3, the healthcare provider completes and signs page 4 and submits it',
    },
    {
      url: 'https://www.myrxadvantage.com/medications/lantus-insulin-glargine',
      checkedOn: '2026-02-27',
      usedFor: 'Lantus offered through Sanofi Patient Connection (third-party guide)',
    },
    {
      url: 'https://www.myrxadvantage.com/medications/toujeo-insulin-glargine-u300',
      checkedOn: '2026-02-27',
      usedFor: 'Toujeo offered through Sanofi Patient Connection (third-party guide)',
    },
    {
      url: 'https://www.myrxadvantage.com/medications/admelog-insulin-lispro',
      checkedOn: '2026-02-27',
      usedFor: 'Admelog offered through Sanofi Patient Connection (third-party guide)',
    },
  ],
};
