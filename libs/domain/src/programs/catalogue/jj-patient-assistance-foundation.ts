import type { PapProgram } from '../types';

// Medicines: JJPAF lists its donated medicines in an eligibility tool the stored pages do not contain, so only
// Stelara (confirmed) is listed; the full list is still to be read (docs/product.md §15). Searched again for issue 29:
// jjpaf.org's stored pages (about, how to apply) name no medicine, and the pages quoting JJPAF name none in the
// catalogue's areas (Janssen's HIV page says Janssen Therapeutics donates to JJPAF without naming the medicines).
// Dates: jjpaf.org shows no publication date, so checkedOn is the day it was read (2026-11-23); the application
// copy says "Revised: August 2020"; the third-party Stelara guide shows "Verified: February 27, 2026". The application
// requirements (docs/product.md §15) were read on 2026-11-27 on the same how-to-apply page and the same form copy.
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
    patientSignature: true,
    hipaaAuthorization: true,
    eSignatureAccepted: null,
    prescriberFields: [],
    // The foundation, not the patient, decides per medicine (doctor's office, pharmacy card or home): no choice offered.
    shipTo: [],
    submitTo: {
      fax: '+18885265168',
      mail: 'Johnson & Johnson Patient Assistance Foundation, Inc., Patient Assistance Program, P.O. Box 0367, Chesterfield, MO 63006',
      portalUrl: null,
    },
  },
  enrollment: { months: 12, endsDecember31: null },
  source: { url: 'https://www.jjpaf.org/ins/apply/', checkedOn: '2026-11-23' },
  otherSources: [
    {
      url: 'https://www.jjpaf.org/ins/apply/',
      checkedOn: '2026-11-27',
      usedFor:
        'application: the patient completes and signs pages 2 and 3, the doctor page 4; fax 888-526-5168 (toll free); ' +
        'mail address; medicine for up to one year, renewed each year',
    },
    {
      url: 'https://www.fill.io/Patient-Assistance-Program-Application',
      checkedOn: '2026-11-23',
      usedFor:
        'insurance rules (Part D 4% spend), residency; the "Patient Authorization to Share Health Information" the ' +
        'patient signs (third-party copy of the application revised August 2020, read 2026-11-27 for the HIPAA fact)',
    },
    {
      url: 'https://www.myrxadvantage.com/medications/stelara-ustekinumab',
      checkedOn: '2026-02-27',
      usedFor: 'Stelara offered through JJPAF (third-party guide)',
    },
  ],
};
