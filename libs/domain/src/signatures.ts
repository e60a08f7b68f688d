import {
  type ApplicationState,
  type ApplicationVerdict,
  type CatalogueKindValue,
  type ShipToChoice,
  type SubmissionStatus,
} from '@rxbridge/contracts';

// What a signature covers (docs/product.md §17): the facts the packet prints, as printed. A signature keeps the
// SHA-256 of each (libs/applications hashes them: no node module here, the web app imports this lib), and is current
// only while every one still hashes the same.

/** The facts a packet prints about a case, each as the text the packet shows ('' when blank). */
export interface PacketFacts {
  patient: {
    name: string;
    dateOfBirth: string;
    address: string;
    phone: string;
    email: string;
    householdSize: string;
    annualIncome: string;
  };
  insurance: { provider: string; coverageType: string; policyNumber: string; groupNumber: string } | null;
  prescription: {
    medication: string;
    dosage: string;
    frequency: string;
    diagnosisCode: string;
    quantity: string;
    daysSupply: string;
  };
  prescriber: { name: string; specialty: string; npi: string; address: string; phone: string };
  program: string;
  /** Where the medication ships, with the address ('' until chosen where the program offers both). */
  shipTo: string;
}

/** A signed fact's name and the text the packet printed. */
export type SignedFacts = Record<string, string>;

/**
 * The facts a signature vouches for, by name: everything sections 1 to 4 of the packet print (packet-pdf.spec.ts in
 * libs/applications checks it against the printed packet). The patient and the prescriber cover the same list: the
 * prescriber's attestation is about this patient, this insurance and this prescription (docs/product.md §16, §17).
 * The identifiers the prescriber gives with their signature (licence, DEA, tax id) are printed from that signature.
 */
export function signedFacts(facts: PacketFacts): SignedFacts {
  const insurance = facts.insurance ?? { provider: 'Uninsured', coverageType: '', policyNumber: '', groupNumber: '' };
  const covered: SignedFacts = {
    'patient.name': facts.patient.name,
    'patient.dateOfBirth': facts.patient.dateOfBirth,
    'patient.address': facts.patient.address,
    'patient.phone': facts.patient.phone,
    'patient.email': facts.patient.email,
    'household.size': facts.patient.householdSize,
    'household.income': facts.patient.annualIncome,
    'insurance.provider': insurance.provider,
    'insurance.coverageType': insurance.coverageType,
    'insurance.policyNumber': insurance.policyNumber,
    'insurance.groupNumber': insurance.groupNumber,
    'prescription.medication': facts.prescription.medication,
    'prescription.dosage': facts.prescription.dosage,
    'prescription.frequency': facts.prescription.frequency,
    'prescription.diagnosisCode': facts.prescription.diagnosisCode,
    'prescription.quantity': facts.prescription.quantity,
    'prescription.daysSupply': facts.prescription.daysSupply,
    'prescriber.name': facts.prescriber.name,
    'prescriber.specialty': facts.prescriber.specialty,
    'prescriber.npi': facts.prescriber.npi,
    'prescriber.address': facts.prescriber.address,
    'prescriber.phone': facts.prescriber.phone,
    program: facts.program,
    shipTo: facts.shipTo,
  };
  return covered;
}

/**
 * Whether a signature still holds: every fact it covered hashes as it did. `stored` null is a signature given before
 * facts were kept (it stays current); a fact added to the list since is not one it covered.
 */
export function signatureIsCurrent(stored: SignedFacts | null, today: SignedFacts): boolean {
  if (!stored) return true;
  return Object.entries(stored).every(([name, hash]) => today[name] === hash);
}

/** What a program must receive before an application can be sent (docs/product.md §17). */
export interface SubmissionReadiness {
  /** The program's requirements; null when no catalogue program is set. */
  requirements: {
    patientSignature: boolean | null;
    eSignatureAccepted: boolean | null;
    shipTo: readonly string[];
    submitTo: { mail: string | null };
  } | null;
  signatures: { patient: { current: boolean } | null; prescriber: { current: boolean } | null };
  /** Labels of the checklist items still missing. */
  missingDocuments: readonly string[];
  shipTo: string | null;
}

/**
 * The items missingForSubmission names, in the console's words (English: docs/product.md §17); only the missing
 * documents' labels follow the view's language.
 */
export const MISSING_ITEMS = {
  program: 'Program',
  patientSignature: 'Patient signature',
  prescriberSignature: 'Prescriber signature',
  shipTo: 'Where to ship the medication',
  inkSignature: (mail: string) =>
    'Patient’s signature in ink: this program does not accept an electronic signature, so the packet cannot be ' +
    `faxed. Print it, have the patient sign Section 5 by hand, mail it to ${mail}, then move the application to ` +
    'Submitted',
  inkSignatureNoAddress:
    'Patient’s signature in ink: this program does not accept an electronic signature, so the packet cannot be ' +
    'faxed. Print it, have the patient sign Section 5 by hand, mail it to the address on the program’s form, then ' +
    'move the application to Submitted',
} as const;

/**
 * Whether the patient signs the packet (docs/product.md §17): unless the program says it needs no signature; an
 * unknown rule, or no program set yet, asks for it. The one rule for the dashboard's asks and the packet's readiness.
 */
export function patientSignatureNeeded(requirements: { patientSignature: boolean | null } | null): boolean {
  return requirements?.patientSignature !== false;
}

/**
 * Whether the program needs the patient's original signature, in ink (docs/product.md §17): the patient signs its form
 * (patientSignatureNeeded) and it says an electronic signature is not accepted (eSignatureAccepted false). The packet
 * then goes signed by hand, by mail, never faxed as signed here; a rule the source does not state (null) keeps the
 * electronic signature, and a form the patient does not sign needs no ink from them. The one rule for the packet's
 * Section 5, missingForSubmission and the patient's asks.
 */
export function inkSignatureNeeded(
  requirements: { patientSignature: boolean | null; eSignatureAccepted: boolean | null } | null,
): boolean {
  return patientSignatureNeeded(requirements) && requirements?.eSignatureAccepted === false;
}

/**
 * What is still missing before sending, each a readable item (docs/product.md §17): a signature counts only while it
 * is current; the patient's when patientSignatureNeeded; the prescriber's always; the ship-to choice when the program
 * offers both; then every missing document; last, for a program that needs the patient's signature in ink, what to do
 * instead of sending (the packet never goes from here).
 */
export function missingForSubmission(r: SubmissionReadiness): string[] {
  if (!r.requirements) return [MISSING_ITEMS.program];
  const missing: string[] = [];
  if (patientSignatureNeeded(r.requirements) && !r.signatures.patient?.current)
    missing.push(MISSING_ITEMS.patientSignature);
  if (!r.signatures.prescriber?.current) missing.push(MISSING_ITEMS.prescriberSignature);
  if (r.requirements.shipTo.length > 1 && !r.shipTo) missing.push(MISSING_ITEMS.shipTo);
  if (!inkSignatureNeeded(r.requirements)) return [...missing, ...r.missingDocuments];
  const { mail } = r.requirements.submitTo;
  const ink = mail ? MISSING_ITEMS.inkSignature(mail) : MISSING_ITEMS.inkSignatureNoAddress;
  return [...missing, ...r.missingDocuments, ink];
}

/**
 * Whether the application goes to its program as a signed packet (docs/product.md §17, §19): for a maker's
 * free-medicine program, and before any program is set; a copay card or a foundation is enrolled in on its
 * sponsor's page instead, with nothing to sign here.
 */
export function goesAsPacket(programKind: CatalogueKindValue | null): boolean {
  return programKind === null || programKind === 'PAP';
}

/**
 * The states in which the packet is put together, completed when the program asks for more, or redone for a
 * resubmission after a denial (to the same program, or to another one the navigator set).
 */
const PACKET_STATES: readonly ApplicationState[] = [
  'INTAKE',
  'AWAITING_DOCUMENTS',
  'AWAITING_PRESCRIBER',
  'INFO_REQUESTED',
  'DENIED',
];

/** What the packet rules read of an application: its state, and whether it carries an enrollment. */
export interface PacketHolder {
  state: ApplicationState;
  /** Set once approved: an application that carries it and is with its program again re-enrolls itself. */
  enrollmentEndDate: string | null;
}

/**
 * Whether the packet is open (docs/product.md §17): its pieces, the patient's signature and documents, where to ship
 * and the prescriber's signature, are asked for while it is put together, when the program asks for more and after a
 * denial, for a resubmission; not while it is with the program, once approved or enrolled, or closed. An application
 * re-enrolling itself (Submitted, Info requested or Denied after Renewal due: it carries its enrollment) opens no
 * packet again: its signatures and proof of income are last year's, and the re-enrollment goes as its renewal, an
 * application of its own, which asks again (§18).
 */
export function packetIsOpen(a: PacketHolder): boolean {
  return PACKET_STATES.includes(a.state) && a.enrollmentEndDate === null;
}

/**
 * Whether the packet may still go out (again): open, or with the program, which may come back about it (Info
 * requested, Denied) and have it sent anew. A document of such a packet that the patient deletes is asked again, so
 * that a resubmission never goes without it (docs/product.md §6.4).
 */
export function packetMayGoAgain(a: PacketHolder): boolean {
  return packetIsOpen(a) || (a.state === 'SUBMITTED' && a.enrollmentEndDate === null);
}

/**
 * Whether the packet is in hand, to complete and send (docs/product.md §17): open, and no fax of it on its way. A
 * packet already sent once is in hand again when the program came back about it (Info requested, Denied); a failed
 * fax leaves it in hand.
 */
export function packetInHand(a: PacketHolder, submission: { status: SubmissionStatus } | null): boolean {
  return packetIsOpen(a) && submission?.status !== 'QUEUED';
}

/**
 * Whether the patient waits for their care navigator before being asked to sign or send anything (docs/product.md
 * §17): while the application is in intake and the first check found no program that fits (not eligible, or no
 * program at all). The navigator moving it on, or setting a program that fits, asks them.
 */
export function waitsForNavigator(state: ApplicationState, verdict: ApplicationVerdict | null): boolean {
  return state === 'INTAKE' && (verdict === 'NOT_ELIGIBLE' || verdict === 'NO_PROGRAM');
}

/**
 * Where an application's medication ships (docs/product.md §17): the patient's choice when the program offers it,
 * the program's only choice when it offers one, else null (to choose).
 */
export function shipToOf(offered: readonly ShipToChoice[], chosen: ShipToChoice | null): ShipToChoice | null {
  if (chosen && offered.includes(chosen)) return chosen;
  return offered.length === 1 ? offered[0] : null;
}

export const SHIP_TO_LABELS: Record<ShipToChoice, string> = {
  PATIENT_HOME: 'Patient’s home',
  PRESCRIBER_OFFICE: 'Prescriber’s office',
};
