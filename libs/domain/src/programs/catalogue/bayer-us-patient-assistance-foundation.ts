import type { PapProgram } from '../types';
import { ENROLLMENT_NOT_READ } from './not-yet-read';

// Bayer's FAQ page shows no date, so checkedOn is the day it was read (2026-11-27). Its medicine list is a link the
// stored copy does not follow; the only listed medicine in the catalogue's areas comes from a copy of Bayer's
// application form (Aliqopa, also listed there, has left the U.S. market and is left out).
export const bayerUsPatientAssistanceFoundation: PapProgram = {
  kind: 'PAP',
  id: 'bayer-us-patient-assistance-foundation',
  name: 'Bayer US Patient Assistance Foundation',
  manufacturer: 'Bayer',
  medications: [{ brand: 'Adempas', generic: 'riociguat', area: 'CARDIOLOGY' }],
  website: 'https://www.patientassistance.bayer.us',
  incomeLimitFplPercent: null,
  incomeLimitNote: 'Bayer says applicants must "meet certain income limits" but the pages read publish no figure.',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: { allowed: null },
    medicaid: { allowed: null },
    commercial: { allowed: true, condition: 'Only when the insurance does not cover the Bayer medicine.' },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: ['PR'],
    description: 'Live in the United States or Puerto Rico.',
  },
  documents: [
    { kind: 'PROOF_OF_INCOME', label: 'Financial documentation sent with the application' },
    { kind: 'PRESCRIBER_FORM', label: 'Healthcare Professional Section completed and signed by your doctor' },
  ],
  application: {
    patientSignature: true,
    hipaaAuthorization: null,
    eSignatureAccepted: null,
    prescriberFields: [],
    shipTo: [],
    submitTo: {
      fax: '+18665756568',
      mail: 'Bayer US Patient Assistance Foundation, PO Box 5670, Louisville, KY 40255',
      portalUrl: null,
    },
  },
  enrollment: ENROLLMENT_NOT_READ,
  source: { url: 'https://www.patientassistance.bayer.us/en/faqs/', checkedOn: '2026-11-27' },
  otherSources: [
    {
      url: 'https://docslib.org/doc/10822799/enrollment-form',
      checkedOn: '2026-11-27',
      usedFor: 'medicines included (Adempas), patient and doctor signatures (a copy of the application form)',
    },
    {
      url: 'https://www.patientassistance.bayer.us/en/faqs',
      checkedOn: '2026-11-27',
      usedFor: 'application: sent by fax (1-866-575-6568, with a cover sheet) or mail to PO Box 5670, Louisville, KY',
    },
  ],
};
