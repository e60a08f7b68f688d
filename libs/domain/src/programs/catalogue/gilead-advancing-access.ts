import type { PapProgram } from '../types';

// Gilead runs two free-medicine programs under Advancing Access with the same published rules: the Patient
// Assistance Program (HIV treatment) and the Medication Assistance Program (HIV prevention, PrEP).
// Dates: the stored pages show no publication date, so checkedOn is the day they were read (2026-11-23); the
// application requirements (docs/product.md §15) were read on 2026-11-27. One enrollment form serves both programs.
const shared: Omit<PapProgram, 'id' | 'name' | 'medications'> = {
  kind: 'PAP',
  manufacturer: 'Gilead Sciences',
  website: 'https://www.gileadadvancingaccess.com',
  incomeLimitFplPercent: null,
  incomeLimitNote:
    "Gilead's FAQ gives no income figure. A third-party guide says 500% of FPL, but its dollar figures are 500% of " +
    'the 2024 guideline while it calls them 2025, so it was not relied on.',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: { allowed: null },
    medicaid: {
      allowed: null,
      condition:
        'People eligible for Medicaid or the AIDS Drug Assistance Program (ADAP) may not be able to re-enroll.',
    },
    commercial: { allowed: null, condition: 'Commercially insured patients are pointed to the co-pay program.' },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: ['PR', 'VI', 'GU', 'AS', 'MP'],
    description: 'Resident of the United States, Puerto Rico or U.S. territories; proof of residency may be needed.',
  },
  documents: [
    { kind: 'PROOF_OF_RESIDENCY', label: 'Proof of residency, if asked' },
    { kind: 'PRESCRIBER_FORM', label: 'Enrollment form signed by you and your doctor' },
  ],
  application: {
    patientSignature: true,
    hipaaAuthorization: null,
    eSignatureAccepted: null,
    prescriberFields: [],
    shipTo: [],
    submitTo: { fax: '+18002166857', mail: null, portalUrl: 'https://advancingaccess.iassist.com/register' },
  },
  enrollment: { months: 12, endsDecember31: null },
  source: { url: 'https://gileadadvancingaccess.com/patient/faq', checkedOn: '2026-11-23' },
  otherSources: [
    {
      url: 'https://www.gilead.com/news-and-press/company-statements/gilead-announces-additional-updates-to-the--advancing--access-patient-assistance-medication-assistance-program',
      checkedOn: '2026-11-23',
      usedFor: 'the program provides free medicine to eligible uninsured individuals',
    },
    {
      url: 'https://www.gileadadvancingaccess.com/hcp/insurance/prior-authorization',
      checkedOn: '2026-11-27',
      usedFor:
        'application: print and complete the Advancing Access enrollment form with the patient, have them sign it ' +
        'and fax it to 1-800-216-6857',
    },
    {
      url: 'https://gileadadvancingaccess.com/hcp/faq',
      checkedOn: '2026-11-27',
      usedFor:
        "application: the enrollment form needs the prescriber's and the patient's signatures; prescribers register " +
        'for the iAssist portal at advancingaccess.iassist.com',
    },
    {
      url: 'https://gileadadvancingaccess.com/patient/faq',
      checkedOn: '2026-11-27',
      usedFor: 'enrollment: up to 12 months, the program reaches out 60 days before it ends; re-enroll with a new form',
    },
  ],
};

export const gileadAdvancingAccessPap: PapProgram = {
  ...shared,
  id: 'gilead-advancing-access-pap',
  name: 'Gilead Advancing Access Patient Assistance Program (HIV treatment)',
  medications: [{ brand: 'Biktarvy', generic: 'bictegravir/emtricitabine/tenofovir alafenamide', area: 'HIV_PREP' }],
};

export const gileadAdvancingAccessMap: PapProgram = {
  ...shared,
  id: 'gilead-advancing-access-map',
  name: 'Gilead Advancing Access Medication Assistance Program (HIV prevention, PrEP)',
  medications: [{ brand: 'Descovy', generic: 'emtricitabine/tenofovir alafenamide', area: 'HIV_PREP' }],
  otherSources: [
    ...shared.otherSources,
    {
      url: 'https://prep.advancingaccess.com/hcp/faqs-and-resources',
      checkedOn: '2026-11-23',
      usedFor: 'Descovy (PrEP) supported through Advancing Access',
    },
    {
      url: 'https://www.descovyhcp.com/dosing-and-administration',
      checkedOn: '2026-11-23',
      usedFor: "Descovy's generic name (emtricitabine/tenofovir alafenamide), from the maker's prescribing page",
    },
  ],
};
