import type { PapProgram } from '../types';

// The only copy read of the BI Cares rules is a republished copy of its application form.
// Dates: the stored page shows no publication date, so checkedOn is the day it was read (2026-11-23); the
// application requirements (docs/product.md §15) were read on 2026-11-27 in the same copy. The form asks the
// provider for "an original signature" but says nothing of electronic signatures, so eSignatureAccepted stays null.
export const biCaresFoundation: PapProgram = {
  kind: 'PAP',
  id: 'bi-cares-foundation',
  name: 'Boehringer Ingelheim Cares Foundation Patient Assistance Program (BI Cares)',
  manufacturer: 'Boehringer Ingelheim',
  medications: [
    { brand: 'Spiriva', generic: 'tiotropium', area: 'RESPIRATORY' },
    { brand: 'Combivent', generic: 'ipratropium/albuterol', area: 'RESPIRATORY' },
    { brand: 'Tradjenta', generic: 'linagliptin', area: 'DIABETES' },
  ],
  website: null,
  incomeLimitFplPercent: null,
  incomeLimitNote: 'The form only says "meet household income guidelines established by BI Cares".',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: {
      allowed: true,
      condition: 'Only with not enough coverage to obtain the medication and no alternate coverage or funding.',
    },
    medicaid: { allowed: null },
    commercial: {
      allowed: true,
      condition: 'Only with not enough coverage to obtain the medication and no alternate coverage or funding.',
    },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: ['PR', 'VI', 'GU', 'AS', 'MP'],
    description: 'Resident with a physical address within the United States or a US territory.',
  },
  documents: [
    { kind: 'PROOF_OF_INCOME', label: 'Proof of income, if required (see section 2 of the application)' },
    {
      kind: 'PRESCRIBER_FORM',
      label: 'Sections 5 and 6 completed by your healthcare provider with an original signature',
    },
  ],
  application: {
    patientSignature: true,
    hipaaAuthorization: null,
    eSignatureAccepted: null,
    prescriberFields: [],
    shipTo: [],
    submitTo: {
      fax: '+18668512827',
      mail: 'BI Cares Foundation Patient Assistance Program, P.O. Box 5520, Louisville, KY 40255',
      portalUrl: null,
    },
  },
  enrollment: { months: null, endsDecember31: null },
  source: {
    url: 'https://bajabound2015.com/lilly-cares-patient-assistance-program-refill-request-form-6307',
    checkedOn: '2026-11-23',
  },
  otherSources: [
    {
      url: 'https://bajabound2015.com/lilly-cares-patient-assistance-program-refill-request-form-6307',
      checkedOn: '2026-11-27',
      usedFor:
        "application (republished copy of BI Cares' form): fax 1-866-851-2827 in the form's header; the patient " +
        'completes Sections 1-4 including signatures, a healthcare provider Sections 5 and 6 with an original signature',
    },
    {
      url: 'http://www.drugs.com/pro/tradjenta.html',
      checkedOn: '2026-11-23',
      usedFor: "Tradjenta's generic name (linagliptin), from its prescribing information",
    },
    {
      url: 'https://medlibrary.org/lib/rx/meds/combivent-respimat/',
      checkedOn: '2026-11-23',
      usedFor: "Combivent Respimat's generic name (ipratropium bromide and albuterol sulfate), from its label",
    },
  ],
};
