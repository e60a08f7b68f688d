import type { PapProgram } from '../types';

// Dates: the stored pages show no publication date, so checkedOn is the day they were read (2026-11-23); the
// application requirements (docs/product.md §15) were read on 2026-11-27.
// Medicines: every medicine of the Lilly Cares application that fits the catalogue's eight areas; the cancer
// medicines have their own application and rules (lilly-cares-oncology). Glucagon products are left out (not one of
// the eight areas).
const LILLY_CARES_PAGE = {
  url: 'https://www.lillycares.com/how-to-apply?section=check-eligibility',
  checkedOn: '2026-11-23',
};
/** Lilly's rules for VA coverage, in both applications: shared with lilly-cares-oncology. */
export const LILLY_VA = 'Not while enrolled in VA benefits; nothing is said of TRICARE.';

export const lillyCares: PapProgram = {
  kind: 'PAP',
  id: 'lilly-cares',
  name: 'Lilly Cares Foundation Patient Assistance Program',
  manufacturer: 'Eli Lilly and Company',
  medications: [
    { brand: 'Trulicity', generic: 'dulaglutide', area: 'DIABETES' },
    { brand: 'Humalog', generic: 'insulin lispro', area: 'DIABETES' },
    { brand: 'Basaglar', generic: 'insulin glargine', area: 'DIABETES' },
    { brand: 'Humulin', generic: 'human insulin', area: 'DIABETES' },
    { brand: 'Lyumjev', generic: 'insulin lispro-aabc', area: 'DIABETES' },
    { brand: 'Emgality', generic: 'galcanezumab-gnlm', area: 'NEUROLOGY' },
    { brand: 'Reyvow', generic: 'lasmiditan', area: 'NEUROLOGY' },
    { brand: 'Taltz', generic: 'ixekizumab', area: 'DERMATOLOGY' },
    { brand: 'Olumiant', generic: 'baricitinib', area: 'RHEUMATOLOGY' },
  ],
  website: 'https://www.lillycares.com',
  incomeLimitFplPercent: null,
  incomeLimitNote:
    'Limits are published in dollars per medication group. The stored page shows only Group 1 ($45,180 for one ' +
    'person, 300% of the 2024 guideline); the medicines listed here are in Groups 2 to 4, whose figures were cut off.',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: {
      allowed: true,
      condition: 'Insurance requirements differ by medication group; check the group of the prescribed medicine.',
    },
    medicaid: {
      allowed: false,
      condition: 'Not while enrolled in Medicaid, the full Low-Income Subsidy (Extra Help) or VA benefits.',
    },
    commercial: {
      allowed: null,
      condition:
        'Insurance requirements differ by medication group; plans that require applying to Lilly Cares (alternative ' +
        'funding programs) are not eligible.',
    },
    // The page's Medicaid rule names VA benefits too; it says nothing of TRICARE, so the kind needs review.
    vaTricare: { allowed: null, condition: LILLY_VA, source: LILLY_CARES_PAGE },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: ['PR', 'VI'],
    description: 'Permanent resident of the United States, Puerto Rico or the U.S. Virgin Islands.',
  },
  documents: [{ kind: 'PROOF_OF_INCOME', label: 'Proof-of-income document (add a letter if income changed recently)' }],
  application: {
    patientSignature: true,
    hipaaAuthorization: null,
    eSignatureAccepted: true,
    prescriberFields: [],
    shipTo: [],
    // The program asks not to mail applications: online or by fax only.
    submitTo: { fax: '+18444316650', mail: null, portalUrl: 'https://lillycareseservice.com/' },
  },
  enrollment: { months: null, endsDecember31: null },
  source: LILLY_CARES_PAGE,
  otherSources: [
    {
      url: 'https://www.lillycares.com/how-to-apply?section=pharmacy-partner',
      checkedOn: '2026-11-23',
      usedFor: 'no insurance or Medicare Part D; apply online or by fax, do not mail; proof of income',
    },
    {
      url: 'https://www.lillycares.com/how-to-apply?section=pharmacy-partner',
      checkedOn: '2026-11-27',
      usedFor: 'application: fax 1-844-431-6650 (the program\'s fax; submit online or by fax, "please do not mail")',
    },
    {
      url: 'https://lillycareseservice.com/',
      checkedOn: '2026-11-27',
      usedFor:
        "application: the program's online application (portal); the patient electronically signs the " +
        'certifications and consents (eSignature required online); the prescriber completes their part by email link',
    },
    {
      url: 'https://info.5y1.org/usa-jobs-program-support-assistant_3_a68b3c.html',
      checkedOn: '2026-11-23',
      usedFor: 'medication groups (a copy of the Lilly Cares application)',
    },
    {
      url: 'https://docslib.org/doc/4916629/lilly-cares%C2%AE-foundation-patient-assistance-program-application-the-lilly-cares-foundation-inc',
      checkedOn: '2026-11-27',
      usedFor: 'full medicine list of the application (Humulin, Lyumjev added); oncology has its own application',
    },
  ],
};
