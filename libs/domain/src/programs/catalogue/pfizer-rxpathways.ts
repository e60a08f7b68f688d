import type { PapProgram } from '../types';
import { APPLICATION_NOT_READ, ENROLLMENT_NOT_READ } from './not-yet-read';

// Pfizer's pages show no publication date, so checkedOn is the day they were read (2026-11-27). The medicines are
// named on pages about Pfizer's programs (the XELSOURCE application and an oncology support guide); Pfizer's own PAP
// medicine list was cut from the stored updates page.
// Income (issue 29): the 2023 updates page gave 300% for primary-care and "500% or 600%" for specialty and oncology
// medicines; Pfizer's 2024 update (node 2608) and its current patients page set 300% for every product, new
// applicants included, and let only patients already enrolled above it (up to 500%, or 600% for some) re-enroll.
export const pfizerRxPathways: PapProgram = {
  kind: 'PAP',
  id: 'pfizer-rxpathways',
  name: 'Pfizer RxPathways (Pfizer Patient Assistance Program)',
  manufacturer: 'Pfizer',
  medications: [
    { brand: 'Xeljanz', generic: 'tofacitinib', area: 'RHEUMATOLOGY' },
    { brand: 'Ibrance', generic: 'palbociclib', area: 'ONCOLOGY' },
    { brand: 'Inlyta', generic: 'axitinib', area: 'ONCOLOGY' },
  ],
  website: 'https://www.pfizerrxpathways.com',
  incomeLimitFplPercent: 300,
  incomeLimitNote:
    '"Your annual household pre-tax income cannot exceed 300% of the Federal Poverty Level, adjusted for household ' +
    'size" (Pfizer\'s patients page; every product from 2024). Patients already enrolled with higher income may ' +
    're-enroll under the transition rules of the 2024 update.',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: {
      allowed: true,
      condition:
        'Enroll in the Medicare Prescription Payment Plan first and send proof of it, not yet have reached the yearly ' +
        'out-of-pocket maximum, attest to being unable to afford the co-payment, and first apply to the open ' +
        'independent charitable foundations for the diagnosis.',
    },
    medicaid: { allowed: true, condition: 'Government-insured patients must be unable to afford their co-payment.' },
    commercial: {
      allowed: false,
      condition: 'Commercially insured patients (through a job or a Federal Employer Plan) are not eligible.',
    },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: ['PR', 'VI', 'GU'],
    description: 'Resident of the United States or a covered U.S. territory (Puerto Rico, U.S. Virgin Islands, Guam).',
  },
  documents: [
    {
      kind: 'PRESCRIPTION',
      label: 'A valid prescription from a U.S.-licensed healthcare provider for an FDA-approved diagnosis',
    },
  ],
  application: APPLICATION_NOT_READ,
  enrollment: ENROLLMENT_NOT_READ,
  source: { url: 'https://www.pfizerrxpathways.com/resources/patients', checkedOn: '2026-11-27' },
  otherSources: [
    {
      url: 'https://www.pfizerrxpathways.com/updates',
      checkedOn: '2026-11-27',
      usedFor:
        'Part D rules from January 1, 2025; the 2023 income tiers (300%; 500% or 600% for specialty and oncology), ' +
        'replaced in 2024 by 300% for every product',
    },
    {
      url: 'https://pfizerrxpathways.com/zh/node/2608',
      checkedOn: '2026-11-27',
      usedFor:
        'covered U.S. territories (U.S. Virgin Islands, Guam, Puerto Rico); the 2024 income rule: 300% of FPL for ' +
        'every product (100% for vaccines), new applicants included; patients already enrolled above it may re-enroll',
    },
    {
      url: 'https://vdocuments.net/xelsource-patient-assistance-program-patient-assistance-program-phone-1-844-xeljanz.html',
      checkedOn: '2026-11-27',
      usedFor: 'Xeljanz (a copy of the XELSOURCE patient assistance application)',
    },
    {
      url: 'http://oncpracticemanagement.com/2020-pss-guide/pfizer-oncology',
      checkedOn: '2026-11-27',
      usedFor: 'Ibrance and Inlyta; the Pfizer PAP when independent foundations cannot help (third-party 2020 guide)',
    },
  ],
};
