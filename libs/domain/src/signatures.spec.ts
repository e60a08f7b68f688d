import {
  goesAsPacket,
  inkSignatureNeeded,
  MISSING_ITEMS,
  missingForSubmission,
  packetInHand,
  packetIsOpen,
  packetMayGoAgain,
  signatureIsCurrent,
  signedFacts,
  waitsForNavigator,
  type PacketFacts,
} from './signatures';
import { SUBMISSION_MESSAGES, SUBMISSION_MESSAGES_ES, type ApplicationState } from '@rxbridge/contracts';
import { ENROLLED_STATES } from './enrolled-states';

const facts = (): PacketFacts => ({
  patient: {
    name: 'Ana Lima',
    dateOfBirth: '1980-02-03',
    address: '1 Main St, Springfield, IL 62701',
    phone: '(555) 010-0000',
    email: 'ana@example.com',
    householdSize: '2',
    annualIncome: '$30,000.00',
  },
  insurance: null,
  prescription: {
    medication: 'Ozempic',
    dosage: '1 mg',
    frequency: 'weekly',
    diagnosisCode: 'E11.9',
    quantity: '4',
    daysSupply: '28',
  },
  prescriber: { name: 'Dr Who', specialty: 'GP', npi: '1234567893', address: 'x', phone: '' },
  program: 'Novo Nordisk PAP',
  shipTo: '',
});

// The same "hash" for both sides of a comparison: the rule compares stored values with today's.
const identity = (f: PacketFacts) => signedFacts(f);

describe('signed facts (docs/product.md §17)', () => {
  it('lists every fact the issue names: income, household, dosage, frequency, insurance, address', () => {
    const names = Object.keys(signedFacts(facts()));
    for (const name of [
      'household.income',
      'household.size',
      'prescription.dosage',
      'prescription.frequency',
      'insurance.provider',
      'insurance.policyNumber',
      'patient.address',
    ])
      expect(names).toContain(name);
  });

  it('prints no insurance as Uninsured, so adding one changes the facts', () => {
    expect(signedFacts(facts())['insurance.provider']).toBe('Uninsured');
  });

  it('stays current while nothing covered changes, and not once one fact does', () => {
    const signed = identity(facts());
    expect(signatureIsCurrent(signed, identity(facts()))).toBe(true);
    for (const change of [
      (f: PacketFacts) => (f.patient.annualIncome = '$31,000.00'),
      (f: PacketFacts) => (f.patient.householdSize = '3'),
      (f: PacketFacts) => (f.prescription.dosage = '2 mg'),
      (f: PacketFacts) => (f.prescription.frequency = 'daily'),
      (f: PacketFacts) => (f.patient.address = '2 Main St, Springfield, IL 62701'),
      (f: PacketFacts) => (f.prescriber.specialty = 'Cardiology'),
      (f: PacketFacts) =>
        (f.insurance = { provider: 'Aetna', coverageType: 'Employer', policyNumber: '1', groupNumber: '' }),
    ]) {
      const today = facts();
      change(today);
      expect(signatureIsCurrent(signed, identity(today))).toBe(false);
    }
  });

  it('keeps a signature given before facts were kept current, and ignores facts added to the list since', () => {
    expect(signatureIsCurrent(null, identity(facts()))).toBe(true);
    const { program: _dropped, ...older } = identity(facts());
    void _dropped;
    expect(signatureIsCurrent(older, { ...identity(facts()), program: 'Another' })).toBe(true);
  });
});

describe('what is missing before sending (docs/product.md §17)', () => {
  const ready = {
    requirements: {
      patientSignature: true,
      eSignatureAccepted: null,
      shipTo: ['PATIENT_HOME'],
      submitTo: { mail: null },
    },
    signatures: { patient: { current: true }, prescriber: { current: true } },
    missingDocuments: [],
    shipTo: null,
  };

  it('is nothing once both signatures are current and every document is in', () => {
    expect(missingForSubmission(ready)).toEqual([]);
  });

  it('names a missing or no longer current signature, the ship-to choice and each missing document', () => {
    expect(
      missingForSubmission({
        ...ready,
        requirements: { ...ready.requirements, patientSignature: null, shipTo: ['PATIENT_HOME', 'PRESCRIBER_OFFICE'] },
        signatures: { patient: null, prescriber: { current: false } },
        missingDocuments: ['Proof of income'],
      }),
    ).toEqual(['Patient signature', 'Prescriber signature', 'Where to ship the medication', 'Proof of income']);
    expect(
      missingForSubmission({
        ...ready,
        requirements: { ...ready.requirements, shipTo: ['PATIENT_HOME', 'PRESCRIBER_OFFICE'] },
        shipTo: 'PATIENT_HOME',
        signatures: { patient: { current: false }, prescriber: { current: true } },
      }),
    ).toEqual(['Patient signature']);
  });

  it('asks no patient signature of a program that says it needs none, and a program of one without', () => {
    expect(
      missingForSubmission({
        ...ready,
        requirements: { ...ready.requirements, patientSignature: false, shipTo: [] },
        signatures: { patient: null, prescriber: { current: true } },
      }),
    ).toEqual([]);
    expect(missingForSubmission({ ...ready, requirements: null })).toEqual(['Program']);
  });

  it('says last, for a program that takes no electronic signature, that the packet goes signed by hand, by mail', () => {
    const ink = { ...ready.requirements, eSignatureAccepted: false };
    const line = MISSING_ITEMS.inkSignature('PO Box 1, Town, ST 00000');
    expect(
      missingForSubmission({ ...ready, requirements: { ...ink, submitTo: { mail: 'PO Box 1, Town, ST 00000' } } }),
    ).toEqual([line]);
    expect(line).toMatch(
      /^Patient’s signature in ink: .*mail it to PO Box 1, Town, ST 00000, then move the application/,
    );
    expect(
      missingForSubmission({
        ...ready,
        requirements: ink,
        signatures: { patient: null, prescriber: { current: true } },
      }),
    ).toEqual(['Patient signature', MISSING_ITEMS.inkSignatureNoAddress]);
    // Accepted, or not stated by the program's source: the electronic signature goes by fax as before.
    for (const eSignatureAccepted of [true, null])
      expect(missingForSubmission({ ...ready, requirements: { ...ready.requirements, eSignatureAccepted } })).toEqual(
        [],
      );
    expect(inkSignatureNeeded({ patientSignature: true, eSignatureAccepted: false })).toBe(true);
    expect(
      [true, null].map((eSignatureAccepted) => inkSignatureNeeded({ patientSignature: true, eSignatureAccepted })),
    ).toEqual([false, false]);
    expect(inkSignatureNeeded(null)).toBe(false);
  });

  it('asks no ink of a program whose form the patient does not sign, even one that takes no electronic signature', () => {
    const noPatient = { ...ready.requirements, patientSignature: false, eSignatureAccepted: false };
    expect(inkSignatureNeeded(noPatient)).toBe(false);
    // An unknown patient-signature rule asks for the signature (patientSignatureNeeded), so in ink.
    expect(inkSignatureNeeded({ patientSignature: null, eSignatureAccepted: false })).toBe(true);
    expect(
      missingForSubmission({
        ...ready,
        requirements: { ...noPatient, submitTo: { mail: 'PO Box 1, Town, ST 00000' } },
        signatures: { patient: null, prescriber: { current: true } },
      }),
    ).toEqual([]);
  });

  it('names its items in the console’s words, as the items before it: API messages carry no Spanish twin of them', () => {
    expect('inkSignature' in SUBMISSION_MESSAGES).toBe(false);
    expect('inkSignatureNoAddress' in SUBMISSION_MESSAGES_ES).toBe(false);
  });
});

describe('when the patient waits for their navigator (docs/product.md §17)', () => {
  it('waits in intake while the first check found no program that fits', () => {
    expect(waitsForNavigator('INTAKE', 'NOT_ELIGIBLE')).toBe(true);
    expect(waitsForNavigator('INTAKE', 'NO_PROGRAM')).toBe(true);
  });
  it('asks when the check found a fit, needs a person to look, or has not run', () => {
    expect(waitsForNavigator('INTAKE', 'LIKELY_ELIGIBLE')).toBe(false);
    expect(waitsForNavigator('INTAKE', 'NEEDS_REVIEW')).toBe(false);
    expect(waitsForNavigator('INTAKE', null)).toBe(false);
  });
  it('asks once the navigator moved the application on, whatever the first check said', () => {
    expect(waitsForNavigator('AWAITING_DOCUMENTS', 'NOT_ELIGIBLE')).toBe(false);
    expect(waitsForNavigator('AWAITING_PRESCRIBER', 'NO_PROGRAM')).toBe(false);
  });
});

describe('what goes to the program as a signed packet (docs/product.md §19)', () => {
  it("is a maker's free-medicine program, or an application with no program yet", () => {
    expect(goesAsPacket('PAP')).toBe(true);
    expect(goesAsPacket(null)).toBe(true);
  });
  it("is not a copay card or a foundation: the patient enrolls on the sponsor's page", () => {
    expect(goesAsPacket('COPAY_CARD')).toBe(false);
    expect(goesAsPacket('FOUNDATION')).toBe(false);
  });
});

describe('what the patient is asked for (docs/product.md §17)', () => {
  const first = (state: ApplicationState) => ({ state, enrollmentEndDate: null });
  /** An application that was approved (it carries its enrollment), now in `state`. */
  const enrolled = (state: ApplicationState) => ({ state, enrollmentEndDate: '2027-06-30' });

  it('asks for the packet while it is put together, when the program asks for more and after a denial', () => {
    for (const state of ['INTAKE', 'AWAITING_DOCUMENTS', 'AWAITING_PRESCRIBER', 'INFO_REQUESTED', 'DENIED'] as const)
      expect(packetIsOpen(first(state))).toBe(true);
  });

  it('asks nothing while the packet is with the program, once approved or enrolled, or closed', () => {
    for (const state of ['SUBMITTED', 'CLOSED', 'CANCELLED', ...ENROLLED_STATES])
      expect(packetIsOpen(first(state))).toBe(false);
  });

  it('opens no packet again for an application re-enrolling itself: its renewal asks, its old packet never goes', () => {
    for (const state of ['SUBMITTED', 'INFO_REQUESTED', 'DENIED'] as const) {
      expect(packetIsOpen(enrolled(state))).toBe(false);
      expect(packetInHand(enrolled(state), { status: 'SENT' })).toBe(false);
      expect(packetMayGoAgain(enrolled(state))).toBe(false);
    }
    expect(packetMayGoAgain(first('SUBMITTED'))).toBe(true);
  });

  it('has the packet in hand unless a fax of it is on its way, a sent one included once the program came back', () => {
    expect(packetInHand(first('AWAITING_PRESCRIBER'), null)).toBe(true);
    expect(packetInHand(first('AWAITING_PRESCRIBER'), { status: 'QUEUED' })).toBe(false);
    expect(packetInHand(first('AWAITING_PRESCRIBER'), { status: 'FAILED' })).toBe(true);
    expect(packetInHand(first('INFO_REQUESTED'), { status: 'SENT' })).toBe(true);
    expect(packetInHand(first('DENIED'), { status: 'SENT' })).toBe(true);
    expect(packetInHand(first('SUBMITTED'), { status: 'SENT' })).toBe(false);
  });
});
