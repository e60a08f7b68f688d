import type { PapProgram } from '../types';

// GSK's own pages were read for eligibility, but the stored copy of the uninsured page has its income table empty,
// so the income limit, address and enrollment length come from the NeedyMeds listing of the same program.
// Dates: the stored pages show no publication date, so checkedOn is the day they were read (2026-11-23); the
// application requirements (docs/product.md §15) were read on 2026-11-27. Enrollment: 12 months for the uninsured
// but the calendar year for Medicare Part D, so endsDecember31 stays null (it depends on the coverage).
export const gskPatientAssistanceProgram: PapProgram = {
  kind: 'PAP',
  id: 'gsk-patient-assistance-program',
  name: 'GSK Patient Assistance Program',
  manufacturer: 'GSK',
  medications: [
    {
      brand: 'Trelegy Ellipta',
      generic: 'fluticasone furoate/umeclidinium/vilanterol',
      area: 'RESPIRATORY',
    },
  ],
  website: 'https://www.gskforyou.com',
  incomeLimitFplPercent: 250,
  incomeLimitNote: 'NeedyMeds listing of the GSK Patient Assistance Program: income at or below 250% of FPL.',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: {
      allowed: true,
      condition:
        'Medicare Part D patients must show, on their Part D statement (EOB), $600 paid for prescriptions in the ' +
        'current calendar year (co-pays, deductibles and direct costs; not premiums or family members); their ' +
        'enrollment ends on December 31.',
    },
    medicaid: { allowed: false, condition: 'Not while receiving prescription coverage through Medicaid.' },
    commercial: {
      allowed: false,
      condition: 'Applicants must have no prescription drug benefits through any insurer, payer or program.',
    },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: ['PR'],
    description: 'Live in one of the 50 states, the District of Columbia or Puerto Rico.',
  },
  documents: [
    {
      kind: 'PRESCRIPTION',
      label: "Prescription (faxed prescriptions are valid only when faxed directly from the prescriber's office)",
    },
  ],
  application: {
    patientSignature: true,
    hipaaAuthorization: null,
    eSignatureAccepted: true,
    prescriberFields: [],
    shipTo: ['PATIENT_HOME', 'PRESCRIBER_OFFICE'],
    submitTo: {
      fax: '+18554743063',
      mail: 'GSK Patient Assistance Program, PO Box 220590, Charlotte, NC 28222-0590',
      portalUrl: 'https://www.gskpatientassistanceprogramportal.com/',
    },
  },
  enrollment: { months: 12, endsDecember31: null },
  source: {
    url: 'https://www.gskforyou.com/programs/prescription-medicine-patient-assistance/uninsured/',
    checkedOn: '2026-11-23',
  },
  otherSources: [
    {
      url: 'https://www.needymeds.org/brand-drug/name/Shingrix',
      checkedOn: '2026-11-23',
      usedFor: 'income limit (250% FPL), mailing address, 12-month approval, residency (50 states, DC, PR)',
    },
    {
      url: 'https://www.gskforyou.com/medicare-part-d-patient-assistance/prescription-medicines/',
      checkedOn: '2026-11-23',
      usedFor: 'Medicare Part D rules (calendar-year enrollment, out-of-pocket spend)',
    },
    {
      url: 'https://www.gskforyou.com/medicare-part-d-patient-assistance/enrollment/',
      checkedOn: '2026-11-27',
      usedFor: "Part D spend rule: $600 paid for prescriptions this calendar year, shown on the plan's EOB",
    },
    {
      url: 'https://www.gskforyou.com/gsk-pricing/trelegy/',
      checkedOn: '2026-11-23',
      usedFor: "Trelegy: GSK's page points Trelegy patients to the GSK patient assistance program",
    },
    {
      url: 'https://www.gskforyou.com/uninsured-patient-assistance/enrollment/',
      checkedOn: '2026-11-27',
      usedFor:
        'application: complete, print and sign the application; fax 1-855-474-3063 or mail (prescriptions faxed only ' +
        "from a physician's office); medicine ships to the address on the application; refills for up to 12 months",
    },
    {
      url: 'https://www.gskpatientassistanceprogramportal.com/StaticPageContent.aspx?Category=Updated%20Program%20Details',
      checkedOn: '2026-11-27',
      usedFor:
        "application: GSK's advocate portal for electronic submission; electronic signature accepted for the " +
        'patient attestations (not for prescriptions); same fax and PO box',
    },
    {
      url: 'https://www.needymeds.org/brand-drug/name/Shingrix',
      checkedOn: '2026-11-27',
      usedFor: "application: medicine sent to the patient's home or the doctor's office (NeedyMeds listing)",
    },
  ],
};
