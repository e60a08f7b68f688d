import type { PapProgram } from '../types';

// Dates: the stored pages show no publication date, so checkedOn is the day they were read (2026-11-23); the
// application requirements (docs/product.md §15) were read on 2026-11-27. The fax on the vaccine pages
// (800-528-2551) is for the vaccine program sent from a prescriber's office, not these medicines: fax stays null.
const hardship =
  'Exception: with income within the limit, special circumstances of financial and medical hardship can be ' +
  'submitted for review.';

export const merckPatientAssistanceProgram: PapProgram = {
  kind: 'PAP',
  id: 'merck-patient-assistance-program',
  name: 'Merck Patient Assistance Program (Merck Helps)',
  manufacturer: 'Merck',
  medications: [
    { brand: 'Januvia', generic: 'sitagliptin', area: 'DIABETES' },
    { brand: 'Janumet', generic: 'sitagliptin/metformin', area: 'DIABETES' },
    { brand: 'Isentress', generic: 'raltegravir', area: 'HIV_PREP' },
    { brand: 'Pifeltro', generic: 'doravirine', area: 'HIV_PREP' },
    {
      brand: 'Delstrigo',
      generic: 'doravirine/lamivudine/tenofovir disoproxil fumarate',
      area: 'HIV_PREP',
    },
    { brand: 'Dulera', generic: 'mometasone furoate/formoterol fumarate', area: 'RESPIRATORY' },
    { brand: 'Zetia', generic: 'ezetimibe', area: 'CARDIOLOGY' },
    { brand: 'Maxalt', generic: 'rizatriptan', area: 'NEUROLOGY' },
  ],
  website: 'https://www.merckhelps.com',
  incomeLimitFplPercent: 400,
  incomeLimitNote:
    'Published in dollars: $60,240 for one person, $81,760 for a couple, $124,800 for a family of 4, which is ' +
    'exactly 400% of the 2024 HHS guideline; Alaska and Hawaii limits by phone.',
  incomeLimitDollars: {
    byHouseholdSize: [
      { householdSize: 1, cents: 6024000 },
      { householdSize: 2, cents: 8176000 },
      { householdSize: 4, cents: 12480000 },
    ],
    perExtraPersonCents: null,
    guidelineYear: 2024,
    statesNotCovered: ['AK', 'HI'],
  },
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: { allowed: false, condition: hardship },
    medicaid: { allowed: false, condition: hardship },
    commercial: { allowed: false, condition: hardship },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: ['PR', 'VI', 'GU', 'AS', 'MP'],
    description: 'Reside in the United States, including U.S. territories; U.S. citizenship is not required.',
  },
  documents: [
    { kind: 'PRESCRIBER_FORM', label: 'Enrollment form completed and signed by you and your licensed prescriber' },
  ],
  application: {
    patientSignature: true,
    hipaaAuthorization: null,
    eSignatureAccepted: null,
    prescriberFields: [],
    shipTo: ['PATIENT_HOME'],
    submitTo: {
      fax: null,
      mail: 'Merck Patient Assistance Program, PO Box 690, Horsham, PA 19044-9979',
      portalUrl: null,
    },
  },
  enrollment: { months: 12, endsDecember31: null },
  source: { url: 'https://merckhelps.com/VARIVAX', checkedOn: '2026-11-23' },
  otherSources: [
    {
      url: 'https://www.needymeds.org/program_list.taf?_function=name&program_id=f0935e4cd5920aa6c7c996a5ee53a70f',
      checkedOn: '2026-11-23',
      usedFor: 'medication list and mailing address (NeedyMeds listing)',
    },
    {
      url: 'http://www.merckresponsibility.com/access-to-health/commercialization/patient-assistance-programs/',
      checkedOn: '2026-11-23',
      usedFor: 'one application covers up to one year of medicine',
    },
    {
      url: 'https://www.merckhelps.com/faq.aspx',
      checkedOn: '2026-11-27',
      usedFor: 'application: the enrollment form is signed by the patient and the prescriber, then mailed or faxed',
    },
    {
      url: 'http://merckhelps.com/HCPs.aspx',
      checkedOn: '2026-11-27',
      usedFor:
        "application: medicine is sent to the patient's home unless the prescriber says otherwise; one application " +
        'covers up to 1 year and may be renewed',
    },
  ],
};
