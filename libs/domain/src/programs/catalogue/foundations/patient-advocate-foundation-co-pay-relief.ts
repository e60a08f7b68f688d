import type { FoundationProgram } from '../../types';

// Read on the Co-Pay Relief fund pages (copays.org). The stored pages show no date, so statusSeenOn and checkedOn
// are the day they were read (2026-11-27). Only funds that fit the catalogue's therapeutic areas are listed; the
// Co-Pay Relief funds cover every medication prescribed for the fund's disease, so `medications` is empty.
const seen = '2026-11-27';

export const patientAdvocateFoundationCoPayRelief: FoundationProgram = {
  kind: 'FOUNDATION',
  id: 'patient-advocate-foundation-co-pay-relief',
  name: 'Patient Advocate Foundation Co-Pay Relief Program',
  sponsor: 'Patient Advocate Foundation',
  website: 'https://www.copays.org',
  funds: [
    {
      id: 'diabetes',
      name: 'Diabetes',
      areas: ['DIABETES'],
      medications: [],
      wholeArea: true,
      incomeLimitFplPercent: 300,
      // "currently closed to new and renewal applications due to lack of sufficient funding".
      status: 'CLOSED',
      statusSeenOn: seen,
      source: { url: 'https://copays.org/funds/diabetes/', checkedOn: seen },
    },
    {
      id: 'migraine',
      name: 'Migraine',
      areas: ['NEUROLOGY'],
      medications: [],
      wholeArea: false,
      incomeLimitFplPercent: 400,
      // "Approved and Donation Ready": designed, but "not yet able to accept applications".
      status: 'CLOSED',
      statusSeenOn: seen,
      source: { url: 'https://copays.org/funds/migraine/', checkedOn: seen },
    },
    {
      id: 'heart-failure-health-equity',
      name: 'Heart Failure Health Equity Fund',
      areas: ['CARDIOLOGY'],
      medications: [],
      wholeArea: false,
      incomeLimitFplPercent: 300,
      // Not yet accepting applications; Medicare, Medicaid or military benefits; eligible counties only.
      status: 'CLOSED',
      statusSeenOn: seen,
      source: { url: 'https://copays.org/funds/heart-failure-health-equity-fund/', checkedOn: seen },
    },
  ],
  source: { url: 'https://copays.org/patients-family/', checkedOn: seen },
  otherSources: [
    {
      url: 'https://www.copays.org/paf-co-pay-relief-program-program-disclaimer-0?width=500&height=450',
      checkedOn: seen,
      usedFor:
        'qualifying rules (diagnosis, treatment plan, health insurance, financial criteria); one-year enrollment',
    },
  ],
};
