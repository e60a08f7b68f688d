import type { PapProgram } from '../types';

// Ozempic has its own rules inside the Novo Nordisk PAP (income limit and Medicare), so it is a separate entry.
// Dates: the stored page shows no publication date, so checkedOn is the day it was read (2026-11-23).
// The application requirements (docs/product.md §15) were read on 2026-11-27. An older novocare page for
// prescribers names a PAP fax (866-441-4190) for written refill opt-outs and shipping to the prescriber; the 2026
// pages replace both with an online application and home delivery, so the fax is not recorded.
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
    patientSignature: true,
    hipaaAuthorization: null,
    eSignatureAccepted: null,
    prescriberFields: [],
    shipTo: ['PATIENT_HOME'],
    // 2026: the application is online only (patient and prescriber portions by secure email links); no fax given.
    submitTo: { fax: null, mail: null, portalUrl: 'https://www.novocare.com/diabetes/help-with-costs/pap.html' },
  },
  enrollment: { months: null, endsDecember31: null },
  source: { url: 'https://www.novocare.com/diabetes-overview/let-us-help/pap.html', checkedOn: '2026-11-23' },
  otherSources: [
    {
      url: 'https://www.novocare.com/diabetes/help-with-costs/pap.html',
      checkedOn: '2026-11-27',
      usedFor:
        'application (2026): the patient submits their portion online from this page, the prescriber theirs by a ' +
        "secure email link; Neovance Specialty Pharmacy delivers the medicine to the patient's home",
    },
    {
      url: 'https://www.novocare.com/hcp/more-resources/PAP.html',
      checkedOn: '2026-11-27',
      usedFor: 'application: the patient completes, signs and dates the patient sections',
    },
  ],
};
