import type { PapProgram } from '../types';
import { APPLICATION_NOT_READ } from './not-yet-read';

// IncyteCARES's own pages name the free-medication program without its rules; who it serves comes from a
// third-party oncology support guide (2019). Incyte's pages show no date: checkedOn is 2026-11-27.
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
  application: APPLICATION_NOT_READ,
  enrollment: { months: 12, endsDecember31: null },
  source: { url: 'https://www.incytecares.com/jakafi/faqs.aspx', checkedOn: '2026-11-27' },
  otherSources: [
    {
      url: 'http://www.oncpracticemanagement.com/pssguide2019/Incyte',
      checkedOn: '2026-11-27',
      usedFor: 'free medication for patients without Jakafi coverage or with denied claims (third-party 2019 guide)',
    },
  ],
};
