import type { PapProgram } from '../types';

// IncyteCARES's own pages name the free-medication program without its rules; who it serves comes from a
// third-party oncology support guide (2019). Incyte's pages show no date: checkedOn is 2026-11-27.
// Application (docs/product.md §15): one IncyteCARES enrollment form, signed by the prescriber and the patient, is the
// way into every IncyteCARES service, the free-medication program included.
export const incyteCaresPatientAssistance: PapProgram = {
  kind: 'PAP',
  id: 'incytecares-patient-assistance',
  name: 'IncyteCARES Patient Assistance Program',
  manufacturer: 'Incyte',
  medications: [{ brand: 'Jakafi', generic: 'ruxolitinib', area: 'ONCOLOGY' }],
  website: 'https://www.incytecares.com',
  incomeLimitFplPercent: null,
  incomeLimitNote: 'The pages read publish no income limit for the free-medication program.',
  insurance: {
    uninsured: { allowed: true, condition: 'For patients without prescription drug coverage for Jakafi.' },
    medicarePartD: { allowed: null },
    medicaid: { allowed: null },
    commercial: { allowed: true, condition: 'Only when the insurance has denied claims for Jakafi.' },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: ['PR'],
    description: 'IncyteCARES is a program for residents of the United States and Puerto Rico.',
  },
  documents: [],
  application: {
    patientSignature: true,
    hipaaAuthorization: null,
    // The patient may sign their authorization online, but the prescriber's pages are printed, filled in and faxed.
    eSignatureAccepted: null,
    prescriberFields: [],
    shipTo: [],
    submitTo: { fax: '+18555257207', mail: null, portalUrl: null },
  },
  enrollment: { months: 12, endsDecember31: null },
  source: { url: 'https://www.incytecares.com/jakafi/faqs.aspx', checkedOn: '2026-11-27' },
  otherSources: [
    {
      url: 'http://www.oncpracticemanagement.com/pssguide2019/Incyte',
      checkedOn: '2026-11-27',
      usedFor: 'free medication for patients without Jakafi coverage or with denied claims (third-party 2019 guide)',
    },
    {
      url: 'https://www.incytecares.com/hcp/prescribing-jakafi.aspx',
      checkedOn: '2026-11-27',
      usedFor:
        'application: the prescriber and the patient both complete and sign the enrollment form, each page printed ' +
        'and faxed to IncyteCARES at 1-855-525-7207',
    },
    {
      url: 'https://hcp.incytecares.com/jakafi/icd-10-code.aspx',
      checkedOn: '2026-11-27',
      usedFor:
        'application: the printable enrollment form carries the patient authorization and is sent by fax or mail; a ' +
        'patient who did not sign it can complete the authorization online',
    },
  ],
};
