import type { PapProgram } from '../types';

// Dates: the stored pages show no publication date, so checkedOn is the day they were read (2026-11-23); the
// third-party Entresto and Kisqali guides show "Verified: February 27, 2026". The application requirements
// (docs/product.md §15) were read on 2026-11-27 in the same copy of the foundation's form the entry already used.
export const novartisPatientAssistanceFoundation: PapProgram = {
  kind: 'PAP',
  id: 'novartis-patient-assistance-foundation',
  name: 'Novartis Patient Assistance Foundation (NPAF)',
  manufacturer: 'Novartis',
  medications: [
    { brand: 'Entresto', generic: 'sacubitril/valsartan', area: 'CARDIOLOGY' },
    { brand: 'Cosentyx', generic: 'secukinumab', area: 'DERMATOLOGY' },
    { brand: 'Kisqali', generic: 'ribociclib', area: 'ONCOLOGY' },
  ],
  website: 'https://www.pap.novartis.com',
  incomeLimitFplPercent: null,
  incomeLimitNote:
    'The pages read refer to "income requirements" listed on pap.novartis.com without a figure; third-party guides ' +
    'say 500% but were not confirmed.',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: { allowed: null },
    medicaid: { allowed: null },
    commercial: { allowed: null, condition: 'The foundation helps uninsured and underinsured patients.' },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: null,
    description: 'Reside in the United States.',
  },
  documents: [
    { kind: 'PROOF_OF_INCOME', label: 'Proof of income (or electronic income verification)' },
    { kind: 'PRESCRIBER_FORM', label: "Healthcare provider's section of the application" },
  ],
  application: {
    patientSignature: true,
    hipaaAuthorization: true,
    eSignatureAccepted: null,
    prescriberFields: [],
    shipTo: [],
    submitTo: {
      fax: '+18558172711',
      mail: 'Novartis Patient Assistance Foundation, Inc., P.O. Box 52029, Phoenix, AZ 85072-2029',
      portalUrl: null,
    },
  },
  enrollment: { months: null, endsDecember31: null },
  source: { url: 'https://oncpracticemanagement.com/2023-pss-guide/novartis-oncology', checkedOn: '2026-11-23' },
  otherSources: [
    {
      url: 'https://templatesowl.com/printable-pdf-forms/novartis-patient-assistance-form',
      checkedOn: '2026-11-23',
      usedFor: 'mailing address, proof of income (copy of the application form)',
    },
    {
      url: 'https://templatesowl.com/printable-pdf-forms/novartis-patient-assistance-form',
      checkedOn: '2026-11-27',
      usedFor:
        "application (third-party copy of the foundation's form): fax 1-855-817-2711 in the form's header, submit " +
        'by fax or mail; the patient signs the Patient Authorization to share their information with providers and insurers',
    },
    {
      url: 'https://www.cosentyxhcp.com/dermatology/support-and-access/patient-support',
      checkedOn: '2026-11-23',
      usedFor: 'Cosentyx: uninsured or underinsured patients are connected to the foundation',
    },
    {
      url: 'https://www.myrxadvantage.com/medications/entresto-sacubitril-valsartan',
      checkedOn: '2026-02-27',
      usedFor: 'Entresto offered through NPAF (third-party guide)',
    },
    {
      url: 'https://www.myrxadvantage.com/medications/kisqali-ribociclib',
      checkedOn: '2026-02-27',
      usedFor: 'Kisqali offered through NPAF (third-party guide)',
    },
  ],
};
