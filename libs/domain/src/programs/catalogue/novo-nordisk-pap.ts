import type { PapProgram, SupportingSource } from '../types';

// Dates: the stored pages show no publication date, so checkedOn is the day they were read (2026-11-23).
// The application requirements (docs/product.md §15) were read on 2026-11-27. An older novocare page for
// prescribers names a PAP fax (866-441-4190) for written refill opt-outs and shipping to the prescriber; the 2026
// pages replace both with an online application and home delivery, so the fax is not recorded.
// Medicines: the program's list without Levemir, which Novo Nordisk discontinued in the U.S. on December 31, 2024;
// Ozempic is its own entry (novo-nordisk-pap-ozempic). Rybelsus is on NovoCare's list of diabetes medicines but no
// stored page puts it in the PAP (its product list is a link the stored pages do not contain), so it is not listed.

/** NovoCare's pages on how the program's application is made, the same for every medicine of it (Ozempic too). */
export const novoCareApplicationPages: readonly SupportingSource[] = [
  {
    url: 'https://www.novocare.com/diabetes/help-with-costs/pap.html',
    checkedOn: '2026-11-27',
    usedFor:
      'application (2026): the patient submits their portion online from this page, the prescriber theirs by a ' +
      "secure email link; Neovance Specialty Pharmacy delivers the medicine to the patient's home",
  },
  {
    url: 'https://www.novocare.com/hcp/more-resources/PAP.html',
    checkedOn: '2026-11-27',
    usedFor: 'application: the patient completes, signs and dates the patient sections',
  },
];

export const novoNordiskPap: PapProgram = {
  kind: 'PAP',
  id: 'novo-nordisk-pap',
  name: 'Novo Nordisk Patient Assistance Program (NovoCare)',
  manufacturer: 'Novo Nordisk',
  medications: [
    { brand: 'Tresiba', generic: 'insulin degludec', area: 'DIABETES' },
    { brand: 'Fiasp', generic: 'insulin aspart', area: 'DIABETES' },
    { brand: 'NovoLog', generic: 'insulin aspart', area: 'DIABETES' },
    { brand: 'NovoLog Mix 70/30', generic: 'insulin aspart protamine and insulin aspart', area: 'DIABETES' },
    { brand: 'Victoza', generic: 'liraglutide', area: 'DIABETES' },
    { brand: 'Xultophy', generic: 'insulin degludec and liraglutide', area: 'DIABETES' },
  ],
  website: 'https://www.novocare.com/diabetes-overview/let-us-help/pap.html',
  incomeLimitFplPercent: null,
  incomeLimitNote:
    'The 2026 NovoCare page asks for a household income "that qualifies" and points to NeedyMeds without giving a ' +
    'percentage (it names 200% only for uninsured Ozempic patients, see novo-nordisk-pap-ozempic). An older, undated ' +
    'listing said 400%; the current page does not confirm it.',
  insurance: {
    uninsured: { allowed: true },
    medicarePartD: {
      allowed: true,
      condition:
        'The page has separate rules "For Medicare patients on Novo Nordisk insulins" that the stored copy cuts off; ' +
        'confirm with NovoCare before applying.',
    },
    medicaid: {
      allowed: false,
      condition: 'People who qualify for Medicaid or the Medicare Low-Income Subsidy must include their denial letter.',
    },
    commercial: { allowed: false },
  },
  residency: {
    usResidencyRequired: true,
    acceptedTerritories: null,
    description: 'Must be a US citizen or legal resident.',
  },
  documents: [
    {
      kind: 'COVERAGE_DENIAL',
      label: 'Medicaid or Medicare Low-Income Subsidy (Extra Help) denial letter, if you are eligible for either',
    },
  ],
  application: {
    patientSignature: true,
    hipaaAuthorization: null,
    eSignatureAccepted: null,
    prescriberFields: [],
    shipTo: ['PATIENT_HOME'],
    // 2026: the application is online only (patient and prescriber portions by secure email links); no fax given.
    submitTo: { fax: null, mail: null, portalUrl: 'https://www.novocare.com/diabetes/help-with-costs/pap.html' },
  },
  enrollment: { months: 12, endsDecember31: null },
  source: { url: 'https://www.novocare.com/diabetes-overview/let-us-help/pap.html', checkedOn: '2026-11-23' },
  otherSources: [
    {
      url: 'https://nctr-crs.fda.gov/fdalabel/services/spl/set-ids/21335fe4-d395-4501-ac2a-2f20d7520da9/spl-doc',
      checkedOn: '2026-11-23',
      usedFor: "Xultophy's generic name (insulin degludec and liraglutide), from its FDA label",
    },
    {
      url: 'https://www.rxresource.org/prescription-assistance/novo-nordisk-diabetes-patient-assistance-program.html',
      checkedOn: '2026-11-23',
      usedFor: 'medication list and "free diabetes medicine ... for up to a year" (enrollment length)',
    },
    ...novoCareApplicationPages,
    {
      url: 'https://uk.style.yahoo.com/novo-nordisk-discontinue-levemir-insulin-194243470.html',
      checkedOn: '2026-11-27',
      usedFor: 'Levemir left the U.S. market: "permanently discontinue Levemir in the U.S. on December 31, 2024"',
    },
    {
      url: 'https://www.novocare.com/contact-us.html',
      checkedOn: '2026-11-27',
      usedFor:
        "NovoCare's list of Novo Nordisk diabetes medicines (Fiasp, NovoLog, NovoLog Mix 70/30, Tresiba, Victoza)",
    },
  ],
};
