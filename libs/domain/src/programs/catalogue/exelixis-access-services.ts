import type { PapProgram } from '../types';
import { APPLICATION_NOT_READ, ENROLLMENT_NOT_READ } from './not-yet-read';

// Read in Exelixis's own launch announcement (2013-01-24); no later Exelixis page on the program was stored.
export const exelixisAccessServices: PapProgram = {
  kind: 'PAP',
  id: 'exelixis-access-services',
  name: 'Exelixis Access Services',
  manufacturer: 'Exelixis',
  medications: [{ brand: 'Cometriq', generic: 'cabozantinib', area: 'ONCOLOGY' }],
  website: null,
  incomeLimitFplPercent: null,
  incomeLimitNote: 'Medication at no cost for uninsured patients "that meet certain financial criteria"; no figure.',
  insurance: {
    uninsured: { allowed: true, condition: 'Must meet the program financial criteria.' },
    medicarePartD: { allowed: null },
    medicaid: { allowed: null },
    commercial: {
      allowed: false,
      condition: 'Commercially insured patients are offered co-pay assistance instead of free medication.',
    },
  },
  residency: {
    usResidencyRequired: null,
    acceptedTerritories: null,
    description: 'The announcement does not state a residency rule.',
  },
  documents: [],
  application: APPLICATION_NOT_READ,
  enrollment: ENROLLMENT_NOT_READ,
  source: { url: 'http://cloud-computing.tmcnet.com/news/2013/01/24/6875415.htm', checkedOn: '2013-01-24' },
  otherSources: [],
};
