import type { PapProgram } from '../types';

// Medicines: JJPAF lists its donated medicines in an eligibility tool the stored pages do not contain, so only
// Stelara (confirmed) is listed; the full list is still to be read (docs/product.md §15).
// Dates: jjpaf.org shows no publication date, so checkedOn is the day it was read (2026-11-23); the application
// copy says "Revised: August 2020"; the third-party Stelara guide shows "Verified: February 27, 2026".
export const jjPatientAssistanceFoundation: PapProgram = {
  kind: 'PAP',
  id: 'jj-patient-assistance-foundation',
  name: 'Johnson & Johnson Patient Assistance Foundation (JJPAF)',
  manufacturer: 'Johnson & Johnson',
  medications: [{ brand: 'Stelara', generic: 'ustekinumab', area: 'DERMATOLOGY' }],
  website: 'https://www.jjpaf.org',
  incomeLimitFplPercent: null,
  incomeLimitNote:
    'Income requirements depend on the medicine; the pages read give no figure for Stelara (third-party pages ' +
    'disagree: 300% vs 500%).',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: {
      allowed: true,
      condition: 'Must spend 4% or more of gross annual income on prescription drugs (pharmacy report or EOB).',
    },
    medicaid: { allowed: null },
    commercial: { allowed: true, condition: 'Only when the medicine is not covered by the insurance.' },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: ['PR', 'VI', 'GU', 'AS', 'MP'],
    description: 'Live in the United States or a U.S. territory; treated by a U.S. licensed doctor as an outpatient.',
  },
  documents: [
    { kind: 'INSURANCE_CARD', label: 'Copy of the front and back of your insurance card(s)' },
    {
      kind: 'PROOF_OF_INCOME',
      label: 'Most recent 1040 or 1040-SR federal tax return (or tick the box in section 5)',
    },
    { kind: 'PRESCRIBER_FORM', label: 'Page 4 of the application, completed and signed by your doctor' },
  ],
  application: {
    patientSignature: null,
    hipaaAuthorization: null,
    eSignatureAccepted: null,
    prescriberFields: [],
    shipTo: [],
    submitTo: {
      fax: null,
      mail: 'Johnson & Johnson Patient Assistance Foundation, Inc., Patient Assistance Program, P.O. Box 0367, Chesterfield, MO 63006',
      portalUrl: null,
    },
  },
  enrollment: { months: 12, endsDecember31: null },
  source: { url: 'https://www.jjpaf.org/ins/apply/', checkedOn: '2026-11-23' },
  otherSources: [
    {
      url: 'https://www.fill.io/Patient-Assistance-Program-Application',
      checkedOn: '2026-11-23',
      usedFor: 'insurance rules (Part D 4% spend), residency (copy of the application revised August 2020)',
    },
    {
      url: 'https://www.myrxadvantage.com/medications/stelara-ustekinumab',
      checkedOn: '2026-02-27',
      usedFor: 'Stelara offered through JJPAF (third-party guide)',
    },
  ],
};
