import type { PapProgram } from '../types';
import { APPLICATION_NOT_READ, ENROLLMENT_NOT_READ } from './not-yet-read';

// Lilly Cares has a separate oncology application with its own rules (income, Medicare Part B), so Lilly's cancer
// medicines are a separate entry. Read on a copy of that application (form PP-AP-US-0487, dated 03/2022).
export const lillyCaresOncology: PapProgram = {
  kind: 'PAP',
  id: 'lilly-cares-oncology',
  name: 'Lilly Cares Foundation Patient Assistance Program, oncology',
  manufacturer: 'Eli Lilly and Company',
  medications: [
    { brand: 'Verzenio', generic: 'abemaciclib', area: 'ONCOLOGY' },
    { brand: 'Retevmo', generic: 'selpercatinib', area: 'ONCOLOGY' },
    { brand: 'Cyramza', generic: 'ramucirumab', area: 'ONCOLOGY' },
    { brand: 'Erbitux', generic: 'cetuximab', area: 'ONCOLOGY' },
    { brand: 'Alimta', generic: 'pemetrexed', area: 'ONCOLOGY' },
    { brand: 'Portrazza', generic: 'necitumumab', area: 'ONCOLOGY' },
  ],
  website: 'https://www.lillycares.com',
  incomeLimitFplPercent: 500,
  incomeLimitNote: 'Annual household income at or below 500% of the federal poverty guideline (oncology application).',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: {
      allowed: true,
      condition: 'Medicare Part B patients qualify only without supplemental or secondary insurance.',
    },
    medicaid: {
      allowed: false,
      condition: 'Not while enrolled in Medicaid, the full Low-Income Subsidy (Extra Help) or VA benefits.',
    },
    commercial: {
      allowed: true,
      condition: 'Only when the insurance has denied a claim and one appeal for the prescribed medicine.',
    },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: ['PR', 'VI'],
    description: 'Permanent, legal resident of the United States, Puerto Rico or the U.S. Virgin Islands.',
  },
  documents: [],
  application: APPLICATION_NOT_READ,
  enrollment: ENROLLMENT_NOT_READ,
  source: {
    url: 'https://fill.io/FOUNDATION-Patient-Assistance-Program-Oncology-Application-LILLY-CARES',
    checkedOn: '2026-11-27',
  },
  otherSources: [],
};
