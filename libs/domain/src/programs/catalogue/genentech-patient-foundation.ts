import type { PapProgram } from '../types';
import { APPLICATION_NOT_READ, ENROLLMENT_NOT_READ } from './not-yet-read';

// The foundation's own eligibility page was not in the stored copies. The financial rule comes from Genentech's
// access site, which still uses the foundation's earlier name (Genentech Access to Care Foundation, GATCF); the
// medicines from Genentech co-pay terms that name the foundation. Pages undated: checkedOn is 2026-11-27.
export const genentechPatientFoundation: PapProgram = {
  kind: 'PAP',
  id: 'genentech-patient-foundation',
  name: 'Genentech Patient Foundation',
  manufacturer: 'Genentech',
  medications: [
    { brand: 'Actemra', generic: 'tocilizumab', area: 'RHEUMATOLOGY' },
    { brand: 'Ocrevus', generic: 'ocrelizumab', area: 'NEUROLOGY' },
  ],
  website: 'https://www.gene.com/patients/patient-foundation',
  incomeLimitFplPercent: null,
  incomeLimitNote:
    'Published in dollars, not as a share of the poverty guideline: household adjusted gross income under $100,000, ' +
    'or under $150,000 when the patient spends 5% or more of it on the Genentech medicine.',
  insurance: {
    uninsured: { allowed: true, condition: 'Uninsured patients must meet different financial criteria.' },
    medicarePartD: {
      allowed: null,
      condition:
        'Insured patients must first have exhausted other assistance (the co-pay program and independent co-pay ' +
        'foundations); the pages read do not say how Medicare Part D is treated.',
    },
    medicaid: { allowed: null },
    commercial: {
      allowed: true,
      condition:
        'Only after exhausting other forms of patient assistance (the co-pay program and independent co-pay ' +
        'foundations) and meeting the financial criteria.',
    },
  },
  residency: {
    usResidencyRequired: null,
    acceptedTerritories: null,
    description: 'The pages read do not state a residency rule.',
  },
  documents: [],
  // Application (docs/product.md §15), as Genentech's access site describes it under the foundation's earlier name:
  // the prescriber's Statement of Medical Necessity (SMN) with the patient's Patient Authorization and Notice of
  // Release of Information (PAN), whose section 6 is the foundation application; where it goes was not read.
  application: { ...APPLICATION_NOT_READ, patientSignature: true, hipaaAuthorization: true },
  enrollment: ENROLLMENT_NOT_READ,
  source: {
    url: 'https://www.genentech-access.com/hcp/brands/lucentis/find-patient-assistance/help-for-uninsured-patients.html',
    checkedOn: '2026-11-27',
  },
  otherSources: [
    {
      url: 'https://racopay.com/',
      checkedOn: '2026-11-27',
      usedFor: 'Actemra: the Genentech Patient Foundation named as the charitable free-medicine program',
    },
    {
      url: 'https://ocrevuscopay.com/terms-and-conditions',
      checkedOn: '2026-11-27',
      usedFor: 'Ocrevus: the foundation (as GATCF) named as a source of free medicine',
    },
    {
      url: 'https://www.genentech-access.com/hcp/brands/lucentis/find-patient-assistance/help-for-uninsured-patients.html',
      checkedOn: '2026-11-27',
      usedFor:
        'application: submit the completed SMN and PAN; the patient completes section 6 of the PAN to apply to the ' +
        'foundation (forms online through My Patient Solutions or downloaded)',
    },
    {
      url: 'https://abcdocz.com/doc/201220/instructions--how-to-complete-statement-of-medical-necess...',
      checkedOn: '2026-11-27',
      usedFor:
        "application: the SMN cannot be processed without a signed and dated PAN (a copy of Genentech's Lucentis SMN " +
        'instructions)',
    },
    {
      url: 'https://vdocuments.mx/s85-esbriet-statement-of-medical-necessity-smn-t85-form-pdfsesbrietesbriet.html',
      checkedOn: '2026-11-27',
      usedFor:
        "HIPAA: the prescriber certifies the patient's authorization to release protected health information (as " +
        "defined by HIPAA) to Genentech for the foundation's eligibility review (a copy of a Genentech SMN)",
    },
  ],
};
