import type {
  ApplicationState,
  ApplicationVerdict,
  CatalogueKindValue,
  ShipToChoice,
  SubmissionStatus,
} from '@rxbridge/contracts';
import { isTerminal } from './applications';
import { ENROLLED_STATES } from './enrolled-states';
import { goesAsPacket, packetInHand, waitsForNavigator } from './signatures';

/**
 * What an application asks of its patient now (docs/product.md §17): the dashboard's "What we still need from you"
 * and the renewal's reminder (§18) say the same, from this one rule.
 */
export interface PatientAsks {
  /** A copay card's or a foundation's name: the patient enrolls on its sponsor's page, and signs nothing here. */
  enrollIn: string | null;
  /** SIGN_AGAIN once a fact the signature covered changed. */
  sign: 'SIGN' | 'SIGN_AGAIN' | null;
  /** The missing documents' labels, in the view's language. */
  documents: string[];
  /** Of those, the ones received in a file the fax cannot carry (a Word document, a GIF): asked again, saying why. */
  uploadAgain: string[];
  chooseShipTo: boolean;
  /** Their doctor must sign again: the navigator asks the doctor, the patient is told. */
  doctorAgain: boolean;
  /**
   * The program's form needs their signature in ink (inkSignatureNeeded): their navigator sends them the printed form
   * to sign by hand, and the patient is told.
   */
  signInInk: boolean;
}

/**
 * When a navigator asks the patient for a document (marks one missing), the patient is emailed what is still needed
 * this many minutes after the first ask of the day, once a day per application (docs/product.md §11), so that several
 * marks in a row make one email.
 */
export const ASKED_EMAIL_DELAY_MINUTES = 5;

/** The UTC day of an ask: at most one email per application and day. */
export const askedDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The parts of an application's view (ApplicationView) the asks are read from. */
export interface AskedApplication {
  state: ApplicationState;
  enrollmentEndDate: string | null;
  eligibility: { verdict: ApplicationVerdict } | null;
  program: { name: string; kind: CatalogueKindValue } | null;
  signatures: { patient: { current: boolean } | null; prescriber: { current: boolean } | null };
  missingDocuments: readonly { kind: string; label: string }[];
  /** The checklist: an item received in a file the fax cannot carry is among the missing ones (§17). */
  documents: readonly { kind: string; cannotBeFaxed: boolean }[];
  shipTo: ShipToChoice | null;
  shipToChoices: readonly ShipToChoice[];
  /** patientSignatureNeeded of the application's program (docs/product.md §17). */
  patientSignatureNeeded: boolean;
  /** inkSignatureNeeded of the application's program (docs/product.md §17). */
  inkSignatureNeeded: boolean;
  submission: { status: SubmissionStatus } | null;
}

const inHand = (a: AskedApplication) => packetInHand(a, a.submission);
const navigatorFirst = (a: AskedApplication) => waitsForNavigator(a.state, a.eligibility?.verdict ?? null);
/** What the patient does themself; their doctor signing again is the navigator's to ask. */
export const patientActs = (asks: PatientAsks) =>
  Boolean(asks.enrollIn || asks.sign || asks.documents.length || asks.chooseShipTo);

/**
 * The copay card or foundation set for the application that the patient cannot use now (its verdict NOT_ELIGIBLE: a
 * copay card once they answered Medicare, the anti-kickback rule of §19; a closed fund), by name, or null. Nothing is
 * sent to it, so nothing is asked of the patient for it; their navigator looks for another route (docs/product.md
 * §15, §17).
 */
export function unusableRoute(a: Pick<AskedApplication, 'program' | 'eligibility'>): string | null {
  if (!a.program || goesAsPacket(a.program.kind)) return null;
  return a.eligibility?.verdict === 'NOT_ELIGIBLE' ? a.program.name : null;
}

/**
 * The copay card or foundation the patient is asked to enroll in on its sponsor's page (docs/product.md §15, §17), or
 * null: a maker's program (or none) goes as a packet, and an entry they cannot use (unusableRoute) is not asked for.
 */
export function enrollsOnSponsorPage(a: Pick<AskedApplication, 'program' | 'eligibility'>): string | null {
  if (!a.program || goesAsPacket(a.program.kind) || unusableRoute(a)) return null;
  return a.program.name;
}

/** Why nothing is asked of the patient although the packet is in hand (patientWaits). */
export type PatientWait = { kind: 'NAVIGATOR_FIRST' } | { kind: 'ANOTHER_ROUTE'; program: string };

/**
 * Why the patient is asked nothing while the packet is in hand (docs/product.md §17), as their dashboard says in
 * place of "What we still need from you" and the renewal's reminder says (§18): NAVIGATOR_FIRST while their navigator
 * goes over the options (waitsForNavigator); ANOTHER_ROUTE while the card or fund set is one they cannot use
 * (unusableRoute): no enrollment, document or choice is asked for a route nothing goes to. Null otherwise, and
 * once the packet is not in hand.
 */
export function patientWaits(a: AskedApplication): PatientWait | null {
  if (!inHand(a)) return null;
  if (navigatorFirst(a)) return { kind: 'NAVIGATOR_FIRST' };
  const program = unusableRoute(a);
  return program ? { kind: 'ANOTHER_ROUTE', program } : null;
}

/**
 * What the patient still has to give before the packet can go (again, when the program asked for more or declined),
 * or null when nothing is theirs to give: the packet is closed or a fax of it is on its way, or their care navigator
 * goes over the options first or looks for another route (patientWaits). What they are told without acting now (their
 * doctor signs again, the form is signed in ink once their navigator sends it) comes with the asks.
 */
export function patientAsks(a: AskedApplication): PatientAsks | null {
  if (!inHand(a) || patientWaits(a)) return null;
  const signed = a.signatures.patient;
  // Nothing is signed for a card or a foundation, whether or not the patient may enroll in it.
  const packet = goesAsPacket(a.program?.kind ?? null);
  const unfaxable = new Set(a.documents.filter((d) => d.cannotBeFaxed).map((d) => d.kind));
  const asks: PatientAsks = {
    enrollIn: enrollsOnSponsorPage(a),
    sign: !packet || !a.patientSignatureNeeded || signed?.current ? null : signed ? 'SIGN_AGAIN' : 'SIGN',
    documents: a.missingDocuments.map((d) => d.label),
    uploadAgain: a.missingDocuments.filter((d) => unfaxable.has(d.kind)).map((d) => d.label),
    chooseShipTo: a.shipToChoices.length > 1 && !a.shipTo,
    doctorAgain: a.signatures.prescriber?.current === false,
    signInInk: packet && a.inkSignatureNeeded,
  };
  return patientActs(asks) || asks.doctorAgain || asks.signInInk ? asks : null;
}

/** Where a renewal stands for its patient (docs/product.md §18), as the last enrollment reminder tells them. */
export type RenewalStep =
  | { kind: 'PATIENT'; asks: PatientAsks }
  | { kind: 'NAVIGATOR_FIRST' }
  | { kind: 'NAVIGATOR' }
  /** Instead of NAVIGATOR: its program needs their signature in ink, on the form their navigator sends (signInInk). */
  | { kind: 'SIGN_IN_INK' }
  | { kind: 'ANOTHER_ROUTE'; program: string }
  | { kind: 'WITH_PROGRAM' }
  | { kind: 'APPROVED' }
  | { kind: 'NONE' };

/**
 * The renewal's step: NAVIGATOR_FIRST while the navigator goes over the options; ANOTHER_ROUTE while its copay card or
 * foundation is one the patient cannot use now, so nothing goes to it and nothing, documents included, is asked of
 * them (patientWaits); else its patient's asks while it has any; NAVIGATOR when it has all it needs from the patient
 * and waits to be sent; WITH_PROGRAM once sent (the program's questions and decision included, while nothing is asked
 * of the patient) or denied; APPROVED once enrolled (it takes over, docs/product.md §18); NONE without a renewal, or a
 * closed one.
 */
export function renewalStep(renewal: AskedApplication | undefined): RenewalStep {
  if (!renewal || isTerminal(renewal.state)) return { kind: 'NONE' };
  if (ENROLLED_STATES.includes(renewal.state)) return { kind: 'APPROVED' };
  if (!inHand(renewal)) return { kind: 'WITH_PROGRAM' };
  const waits = patientWaits(renewal);
  if (waits) return waits;
  const asks = patientAsks(renewal);
  if (asks && patientActs(asks)) return { kind: 'PATIENT', asks };
  if (asks?.signInInk) return { kind: 'SIGN_IN_INK' };
  return renewal.submission?.status === 'SENT' ? { kind: 'WITH_PROGRAM' } : { kind: 'NAVIGATOR' };
}
