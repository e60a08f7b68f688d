import type { PapProgram } from '../types';

// Ozempic has its own rules inside the Novo Nordisk PAP (income limit and Medicare), so it is a separate entry.
// Dates: the stored page shows no publication date, so checkedOn is the day it was read (2026-11-23).
export const novoNordiskPapOzempic: PapProgram = {
  kind: 'PAP',
  id: 'novo-nordisk-pap-ozempic',
  name: 'Novo Nordisk Patient Assistance Program (NovoCare), Ozempic',
  manufacturer: 'Novo Nordisk',
  medications: [{ brand: 'Ozempic', generic: 'semaglutide', area: 'DIABETES' }],
  website: 'https://www.novocare.com/diabetes-overview/let-us-help/pap.html',
  incomeLimitFplPercent: 200,
  incomeLimitNote: 'Uninsured patients on Ozempic: household income at or below 200% of the federal poverty level.',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: {
      allowed: false,
      condition:
        'Medicare beneficiaries with Part D coverage are no longer eligible to receive Ozempic through the program.',
    },
    medicaid: {
      allowed: false,
      condition: 'People who qualify for Medicaid or the Medicare Low-Income Subsidy must include their denial letter.',
    },
    commercial: { allowed: false },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: null,
    description: 'Must be a US citizen or legal resident.',
  },
  documents: [
    {
      kind: 'COVERAGE_DENIAL',
      label: 'Medicaid or Medicare Low-Income Subsidy (Extra Help) denial letter, if you are eligible for either',
    },
  ],
  application: {
    patientSignature: null,
    hipaaAuthorization: null,
    eSignatureAccepted: null,
    prescriberFields: [],
    shipTo: [],
    submitTo: { fax: null, mail: null, portalUrl: null },
  },
  enrollment: { months: null, endsDecember31: null },
  source: { url: 'https://www.novocare.com/diabetes-overview/let-us-help/pap.html', checkedOn: '2026-11-23' },
  otherSources: [],
};
