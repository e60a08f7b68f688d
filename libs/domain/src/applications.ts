import type { ApplicationState } from '@rxbridge/contracts';
import { addDays, toDate, type DateInput } from './dates';
import { RENEWAL_STATES } from './enrolled-states';

// The Patient Assistance Program case of docs/product.md §5 Applications. The API refuses any move that is not
// in this table with a 409, so this table is the single source of truth for the workflow.

/** Every legal move, from -> allowed next states (in the order a navigator would pick them). */
export const APPLICATION_TRANSITIONS: Readonly<Record<ApplicationState, readonly ApplicationState[]>> = {
  INTAKE: ['AWAITING_DOCUMENTS', 'CANCELLED'],
  AWAITING_DOCUMENTS: ['AWAITING_PRESCRIBER', 'CANCELLED'],
  AWAITING_PRESCRIBER: ['SUBMITTED', 'CANCELLED'],
  SUBMITTED: ['APPROVED', 'DENIED', 'INFO_REQUESTED', 'CANCELLED'],
  INFO_REQUESTED: ['SUBMITTED', 'CANCELLED'],
  // An enrollment closes when it is over: its renewal approved took over, or the patient no longer needs it.
  APPROVED: ['SHIPMENT_SCHEDULED', 'RENEWAL_DUE', 'CLOSED', 'CANCELLED'],
  DENIED: ['SUBMITTED', 'CLOSED', 'CANCELLED'],
  SHIPMENT_SCHEDULED: ['DELIVERED', 'RENEWAL_DUE', 'CLOSED', 'CANCELLED'],
  DELIVERED: ['REFILL_DUE', 'RENEWAL_DUE', 'CLOSED', 'CANCELLED'],
  REFILL_DUE: ['SHIPMENT_SCHEDULED', 'RENEWAL_DUE', 'CLOSED', 'CANCELLED'],
  RENEWAL_DUE: ['SUBMITTED', 'CLOSED', 'CANCELLED'],
  CLOSED: [],
  CANCELLED: [],
};

const STATE_LABELS: Readonly<Record<ApplicationState, string>> = {
  INTAKE: 'Intake',
  AWAITING_DOCUMENTS: 'Awaiting documents',
  AWAITING_PRESCRIBER: 'Awaiting prescriber',
  SUBMITTED: 'Submitted',
  INFO_REQUESTED: 'Info requested',
  APPROVED: 'Approved',
  DENIED: 'Denied',
  SHIPMENT_SCHEDULED: 'Shipment scheduled',
  DELIVERED: 'Delivered',
  REFILL_DUE: 'Refill due',
  RENEWAL_DUE: 'Renewal due',
  CLOSED: 'Closed',
  CANCELLED: 'Cancelled',
};

const NEXT_STEPS: Readonly<Record<ApplicationState, string>> = {
  INTAKE: 'We are reviewing your details to match you with the right assistance program.',
  AWAITING_DOCUMENTS: 'Please upload the documents still missing so we can complete your application.',
  AWAITING_PRESCRIBER: 'We are waiting for your doctor to sign the prescriber form.',
  SUBMITTED: 'Your application is with the drug maker’s program. A decision usually takes a few days.',
  INFO_REQUESTED: 'The program asked for more information. Your care navigator will tell you what is needed.',
  APPROVED: 'You are approved! We are scheduling your first shipment.',
  DENIED: 'The program declined this application. Your care navigator is reviewing whether to resubmit.',
  SHIPMENT_SCHEDULED: 'Your medication shipment is scheduled. We will let you know when it has been delivered.',
  DELIVERED: 'Your medication was delivered. We will arrange your refill three weeks before your supply runs out.',
  REFILL_DUE: 'Your supply is running low. We are arranging your next shipment.',
  RENEWAL_DUE: 'Your enrollment ends soon. We are preparing your re-enrollment.',
  CLOSED: 'This application is closed. Contact support if you need help with this medication.',
  CANCELLED: 'This application was cancelled. No further steps are planned.',
};

function isApplicationState(value: unknown): value is ApplicationState {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(APPLICATION_TRANSITIONS, value);
}

/** A RangeError for a value that is no application state (a caller outside the type system). */
export function assertState(state: ApplicationState): void {
  if (!isApplicationState(state)) throw new RangeError(`Unknown application state "${String(state)}".`);
}

export function nextStates(from: ApplicationState): readonly ApplicationState[] {
  assertState(from);
  return APPLICATION_TRANSITIONS[from];
}

export function canTransition(from: ApplicationState, to: ApplicationState): boolean {
  return isApplicationState(from) && APPLICATION_TRANSITIONS[from].includes(to);
}

/** CLOSED and CANCELLED: nothing can happen to the case any more. */
export function isTerminal(state: ApplicationState): boolean {
  return nextStates(state).length === 0;
}

export function stateLabel(state: ApplicationState): string {
  assertState(state);
  return STATE_LABELS[state];
}

/** The sentence the patient reads under the case: what happens next. */
export function nextStepFor(state: ApplicationState): string {
  assertState(state);
  return NEXT_STEPS[state];
}

/** Thrown for a move not in APPLICATION_TRANSITIONS; the API answers it with a 409. */
export class IllegalTransitionError extends Error {
  readonly code = 'ILLEGAL_TRANSITION';
  readonly allowed: readonly ApplicationState[];

  constructor(
    readonly from: ApplicationState,
    readonly to: ApplicationState,
  ) {
    const allowed = nextStates(from);
    const toLabel = isApplicationState(to) ? stateLabel(to) : String(to);
    const options =
      allowed.length === 0
        ? `${stateLabel(from)} is final: the application cannot change any more.`
        : `Allowed next states: ${allowed.map(stateLabel).join(', ')}.`;
    super(`An application in ${stateLabel(from)} cannot move to ${toLabel}. ${options}`);
    this.name = 'IllegalTransitionError';
    this.allowed = allowed;
  }
}

export function assertTransition(from: ApplicationState, to: ApplicationState): void {
  if (!canTransition(from, to)) throw new IllegalTransitionError(from, to);
}

// ---- Timers the system runs on (docs/product.md §5 Applications) ----

export const REFILL_LEAD_DAYS = 21;
export const RENEWAL_LEAD_DAYS = 30;

/** A move into this state arms a timer: the refill clock at delivery, the renewal reminder while enrolled. */
export function armsTimers(state: ApplicationState): boolean {
  return state === 'DELIVERED' || RENEWAL_STATES.includes(state);
}

/** When the case moves to REFILL_DUE: three weeks before the shipped supply runs out. */
export function refillDueAt(shipmentDate: DateInput, daysOfSupply: number): Date {
  if (!Number.isInteger(daysOfSupply) || daysOfSupply <= 0) {
    throw new RangeError(`Days of supply must be a positive whole number, got ${String(daysOfSupply)}.`);
  }
  return addDays(shipmentDate, daysOfSupply - REFILL_LEAD_DAYS);
}

/**
 * The hour (UTC) a timer due on a day fires: 16:00, so a refill, a renewal or an enrollment reminder reaches the
 * patient that morning in the US (11:00 Eastern, 8:00 Pacific, 6:00 Hawaii in winter), never the evening before as at
 * midnight UTC (docs/product.md §5 Timers).
 */
export const DAY_TIMER_HOUR_UTC = 16;

/** The moment a timer due on `day` (a date, midnight UTC) fires. */
export const dayTimerFiresAt = (day: DateInput): Date => {
  const fires = toDate(day);
  fires.setUTCHours(DAY_TIMER_HOUR_UTC, 0, 0, 0);
  return fires;
};

/** When the case moves to RENEWAL_DUE: 30 days before the enrollment ends. */
export function renewalDueAt(enrollmentEndDate: DateInput): Date {
  return addDays(enrollmentEndDate, -RENEWAL_LEAD_DAYS);
}

// ---- Document checklist ----

/** The checklist of an application no catalogue program covers (docs/product.md §5 Applications). */
export const DEFAULT_DOCUMENT_KINDS = [
  'PROOF_OF_INCOME',
  'INSURANCE_CARD',
  'DENIAL_LETTER',
  'PRESCRIBER_FORM',
] as const;
/** Every checklist kind: the default ones, then those only a program asks for (docs/product.md §15). */
export const DOCUMENT_KINDS = [
  ...DEFAULT_DOCUMENT_KINDS,
  'PROOF_OF_RESIDENCY',
  'PRESCRIPTION',
  'COVERAGE_DENIAL',
  'PROOF_OF_OUT_OF_POCKET_SPEND',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export { documentLabel } from './document-labels';

/**
 * The states in which an application's checklist follows its patient (docs/product.md §15): while it is being
 * prepared. From its submission on it keeps what went to the program.
 */
export const CHECKLIST_FOLLOWS_STATES: readonly ApplicationState[] = [
  'INTAKE',
  'AWAITING_DOCUMENTS',
  'AWAITING_PRESCRIBER',
];

export interface PatientContext {
  hasInsurance: boolean;
}

/** Manufacturer programs want the insurer's card and denial only from insured patients. */
export function requiredDocumentsFor({ hasInsurance }: PatientContext): DocumentKind[] {
  const insuranceOnly: readonly DocumentKind[] = ['INSURANCE_CARD', 'DENIAL_LETTER'];
  return DEFAULT_DOCUMENT_KINDS.filter((kind) => hasInsurance || !insuranceOnly.includes(kind));
}

/** The required documents not yet provided, in checklist order. */
export function missingDocuments(
  required: readonly DocumentKind[] | PatientContext,
  provided: Iterable<DocumentKind>,
): DocumentKind[] {
  const requiredKinds = Array.isArray(required) ? required : requiredDocumentsFor(required as PatientContext);
  const have = new Set(provided);
  return DOCUMENT_KINDS.filter((kind) => requiredKinds.includes(kind) && !have.has(kind));
}
