import {
  enrollsOnSponsorPage,
  patientAsks,
  patientWaits,
  renewalStep,
  unusableRoute,
  type AskedApplication,
} from './patient-asks';

// docs/product.md §17 (what the dashboard asks) and §18 (what the renewal's reminder says).
const fresh = (over: Partial<AskedApplication> = {}): AskedApplication => ({
  state: 'INTAKE',
  enrollmentEndDate: null,
  eligibility: { verdict: 'LIKELY_ELIGIBLE' },
  program: { name: 'BI Cares', kind: 'PAP' },
  signatures: { patient: null, prescriber: null },
  missingDocuments: [
    { kind: 'PROOF_OF_INCOME', label: 'Proof of income' },
    { kind: 'PHOTO_ID', label: 'Photo ID' },
  ],
  documents: [],
  shipTo: null,
  shipToChoices: ['PATIENT_HOME', 'PRESCRIBER_OFFICE'],
  patientSignatureNeeded: true,
  inkSignatureNeeded: false,
  submission: null,
  ...over,
});
const complete = fresh({
  signatures: { patient: { current: true }, prescriber: { current: true } },
  missingDocuments: [],
  shipTo: 'PATIENT_HOME',
});

describe('what an application asks of its patient', () => {
  it('asks a new application for the signature, each missing document and where it ships', () => {
    expect(patientAsks(fresh())).toEqual({
      enrollIn: null,
      sign: 'SIGN',
      documents: ['Proof of income', 'Photo ID'],
      uploadAgain: [],
      chooseShipTo: true,
      doctorAgain: false,
      signInInk: false,
    });
  });

  it('names, among the documents, those received in a file the fax cannot carry: they are asked again (§17)', () => {
    const word = fresh({
      documents: [
        { kind: 'PROOF_OF_INCOME', cannotBeFaxed: false },
        { kind: 'PHOTO_ID', cannotBeFaxed: true },
      ],
    });
    expect(patientAsks(word)).toMatchObject({ documents: ['Proof of income', 'Photo ID'], uploadAgain: ['Photo ID'] });
  });

  it('asks to sign again once a covered fact changed, and says when the doctor must', () => {
    const changed = fresh({ signatures: { patient: { current: false }, prescriber: { current: false } } });
    expect(patientAsks(changed)).toMatchObject({ sign: 'SIGN_AGAIN', doctorAgain: true });
  });

  it('never asks for a signature the program says it needs none of; the rest is asked as before', () => {
    const unsigned = fresh({ patientSignatureNeeded: false });
    expect(patientAsks(unsigned)).toMatchObject({ sign: null, documents: ['Proof of income', 'Photo ID'] });
    expect(patientAsks({ ...unsigned, missingDocuments: [], shipTo: 'PATIENT_HOME' })).toBeNull();
  });

  it('tells the patient a program needs their signature in ink, once everything else is given too (§17)', () => {
    const ink = { ...complete, inkSignatureNeeded: true };
    expect(patientAsks(complete)).toBeNull();
    expect(patientAsks(ink)).toMatchObject({ sign: null, documents: [], signInInk: true });
    expect(patientAsks({ ...ink, signatures: { patient: null, prescriber: null } })).toMatchObject({
      sign: 'SIGN',
      signInInk: true,
    });
    // Told, not asked now: the renewal waits for the navigator, who sends the printed form, and its reminder says so.
    expect(renewalStep(ink)).toEqual({ kind: 'SIGN_IN_INK' });
    expect(renewalStep({ ...ink, signatures: { patient: null, prescriber: null } })).toMatchObject({ kind: 'PATIENT' });
    // Once it is with the program (moved to Submitted when mailed), nothing is asked of it.
    expect(patientAsks({ ...ink, state: 'SUBMITTED' })).toBeNull();
  });

  it('asks a copay card for the enrollment on its sponsor’s page, never for a signature', () => {
    const card = fresh({ program: { name: 'Ozempic Savings Card', kind: 'COPAY_CARD' } });
    expect(patientAsks(card)).toMatchObject({ enrollIn: 'Ozempic Savings Card', sign: null });
  });

  it('asks nothing for a copay card the patient cannot use, not even its missing documents: the verdict turned not eligible', () => {
    // Moved on from Intake with a card, then the patient answered Medicare Part D (§19: the anti-kickback rule).
    const card = {
      program: { name: 'Ozempic Savings Card', kind: 'COPAY_CARD' as const },
      state: 'AWAITING_DOCUMENTS' as const,
    };
    const refused = fresh({ ...card, eligibility: { verdict: 'NOT_ELIGIBLE' } });
    expect(unusableRoute(refused)).toBe('Ozempic Savings Card');
    expect(enrollsOnSponsorPage(refused)).toBeNull();
    // Nothing goes to it: no enrollment, no upload, no choice is asked; their navigator looks for another route.
    expect(patientAsks(refused)).toBeNull();
    expect(patientWaits(refused)).toEqual({ kind: 'ANOTHER_ROUTE', program: 'Ozempic Savings Card' });
    // With documents missing or not, its renewal says so rather than asking for uploads (§18).
    expect(renewalStep(refused)).toEqual({ kind: 'ANOTHER_ROUTE', program: 'Ozempic Savings Card' });
    expect(renewalStep({ ...refused, missingDocuments: [] })).toEqual({
      kind: 'ANOTHER_ROUTE',
      program: 'Ozempic Savings Card',
    });
    // A card they can use asks the enrollment and the documents, and waits on nothing.
    const usable = fresh({ ...card });
    expect(patientWaits(usable)).toBeNull();
    expect(patientAsks(usable)).toMatchObject({
      enrollIn: 'Ozempic Savings Card',
      documents: ['Proof of income', 'Photo ID'],
    });
    // A foundation whose fund is closed, likewise; one that needs review is still asked.
    const fund = { program: { name: 'HealthWell', kind: 'FOUNDATION' as const }, state: 'AWAITING_DOCUMENTS' as const };
    expect(enrollsOnSponsorPage(fresh({ ...fund, eligibility: { verdict: 'NOT_ELIGIBLE' } }))).toBeNull();
    expect(enrollsOnSponsorPage(fresh({ ...fund, eligibility: { verdict: 'NEEDS_REVIEW' } }))).toBe('HealthWell');
    expect(enrollsOnSponsorPage(fresh({ ...card, eligibility: { verdict: 'LIKELY_ELIGIBLE' } }))).toBe(
      'Ozempic Savings Card',
    );
    // A maker's program goes as a packet: nothing to enroll in, whatever the verdict; past Intake the navigator may
    // still send it, so it is asked for as before.
    expect(enrollsOnSponsorPage(fresh())).toBeNull();
    const program = fresh({ state: 'AWAITING_DOCUMENTS', eligibility: { verdict: 'NOT_ELIGIBLE' } });
    expect(unusableRoute(program)).toBeNull();
    expect(patientWaits(program)).toBeNull();
    expect(patientAsks(program)).toMatchObject({ documents: ['Proof of income', 'Photo ID'] });
  });

  it('waits on the navigator first in Intake without a fit, whatever the program, and on nothing once it is not in hand', () => {
    const card = { name: 'Ozempic Savings Card', kind: 'COPAY_CARD' as const };
    for (const program of [card, { name: 'BI Cares', kind: 'PAP' as const }])
      expect(patientWaits(fresh({ program, eligibility: { verdict: 'NOT_ELIGIBLE' } }))).toEqual({
        kind: 'NAVIGATOR_FIRST',
      });
    // Enrolled on the card, or with the program: no packet in hand, nothing asked nor waited for.
    expect(
      patientWaits(fresh({ program: card, state: 'SUBMITTED', eligibility: { verdict: 'NOT_ELIGIBLE' } })),
    ).toBeNull();
  });

  it('asks nothing once all is given, while the navigator goes over the options, or once the packet is closed or on its way', () => {
    expect(patientAsks(complete)).toBeNull();
    expect(patientAsks(fresh({ eligibility: { verdict: 'NOT_ELIGIBLE' } }))).toBeNull();
    expect(patientAsks(fresh({ state: 'SUBMITTED' }))).toBeNull();
    expect(patientAsks(fresh({ state: 'APPROVED' }))).toBeNull();
    expect(patientAsks(fresh({ submission: { status: 'QUEUED' } }))).toBeNull();
    expect(patientAsks(fresh({ submission: { status: 'FAILED' } }))).not.toBeNull();
  });

  it('asks again for what the program came back about, once the packet was sent: more information, or a denial', () => {
    const sent = { ...complete, submission: { status: 'SENT' as const } };
    const incomeAgain = { missingDocuments: [{ kind: 'PROOF_OF_INCOME', label: 'Proof of income' }] };
    expect(patientAsks({ ...sent, state: 'INFO_REQUESTED', ...incomeAgain })).toMatchObject({
      documents: ['Proof of income'],
    });
    // Denied, then set to another program: both signatures covered the old one.
    const switched = { patient: { current: false }, prescriber: { current: false } };
    expect(patientAsks({ ...sent, state: 'DENIED', signatures: switched })).toMatchObject({
      sign: 'SIGN_AGAIN',
      doctorAgain: true,
    });
    expect(patientAsks({ ...sent, state: 'DENIED' })).toBeNull();
    expect(patientAsks({ ...sent, state: 'INFO_REQUESTED', submission: { status: 'QUEUED' } })).toBeNull();
  });
});

describe('where a renewal stands for its patient', () => {
  it('is the patient’s asks while it has any', () => {
    expect(renewalStep(fresh())).toEqual({ kind: 'PATIENT', asks: patientAsks(fresh()) });
  });

  it('waits on the navigator first, then on the navigator sending it, then on the program', () => {
    expect(renewalStep(fresh({ eligibility: { verdict: 'NO_PROGRAM' } }))).toEqual({ kind: 'NAVIGATOR_FIRST' });
    expect(renewalStep(complete)).toEqual({ kind: 'NAVIGATOR' });
    // Only the doctor's signature to renew: nothing for the patient to do.
    expect(
      renewalStep({ ...complete, signatures: { patient: { current: true }, prescriber: { current: false } } }),
    ).toEqual({
      kind: 'NAVIGATOR',
    });
    expect(renewalStep({ ...complete, submission: { status: 'SENT' } })).toEqual({ kind: 'WITH_PROGRAM' });
    expect(renewalStep({ ...complete, state: 'DENIED', submission: { status: 'SENT' } })).toEqual({
      kind: 'WITH_PROGRAM',
    });
    // Enrolled, the renewal took over: whatever its packet, the patient's medication goes on under it.
    for (const state of ['APPROVED', 'SHIPMENT_SCHEDULED', 'RENEWAL_DUE'] as const)
      expect(renewalStep({ ...complete, state })).toEqual({ kind: 'APPROVED' });
    // Sent, and the program asked for more: with the program until the patient has something to give.
    const asked = { ...complete, state: 'INFO_REQUESTED' as const, submission: { status: 'SENT' as const } };
    expect(renewalStep(asked)).toEqual({ kind: 'WITH_PROGRAM' });
    expect(renewalStep({ ...asked, missingDocuments: [{ kind: 'PHOTO_ID', label: 'Photo ID' }] })).toMatchObject({
      kind: 'PATIENT',
    });
  });

  it('is another route, not the navigator sending it, for a card or fund the patient cannot use, with nothing asked', () => {
    const card = { ...complete, state: 'AWAITING_DOCUMENTS' as const, shipToChoices: [] };
    const ozempic = { name: 'Ozempic Savings Card', kind: 'COPAY_CARD' as const };
    const fund = { name: 'HealthWell', kind: 'FOUNDATION' as const };
    const notEligible = { verdict: 'NOT_ELIGIBLE' as const };
    expect(renewalStep({ ...card, program: ozempic, eligibility: notEligible })).toEqual({
      kind: 'ANOTHER_ROUTE',
      program: 'Ozempic Savings Card',
    });
    expect(renewalStep({ ...card, program: fund, eligibility: notEligible })).toEqual({
      kind: 'ANOTHER_ROUTE',
      program: 'HealthWell',
    });
    // One they can use asks them to enroll; a maker's program not eligible may still be sent by the navigator.
    expect(renewalStep({ ...card, program: ozempic })).toMatchObject({ kind: 'PATIENT' });
    expect(renewalStep({ ...card, eligibility: notEligible })).toEqual({ kind: 'NAVIGATOR' });
    // Documents still missing, a file the fax cannot carry among them: no upload is asked for a route nothing goes to.
    const missing = {
      missingDocuments: [{ kind: 'PROOF_OF_INCOME', label: 'Proof of income' }],
      documents: [{ kind: 'PROOF_OF_INCOME', cannotBeFaxed: true }],
    };
    expect(renewalStep({ ...card, ...missing, program: fund, eligibility: notEligible })).toEqual({
      kind: 'ANOTHER_ROUTE',
      program: 'HealthWell',
    });
    expect(renewalStep({ ...card, ...missing, program: fund })).toMatchObject({
      kind: 'PATIENT',
      asks: { enrollIn: 'HealthWell', documents: ['Proof of income'], uploadAgain: ['Proof of income'] },
    });
  });

  it('is none without a renewal, or once it is closed', () => {
    expect(renewalStep(undefined)).toEqual({ kind: 'NONE' });
    expect(renewalStep(fresh({ state: 'CANCELLED' }))).toEqual({ kind: 'NONE' });
  });
});
