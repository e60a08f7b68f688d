import type { ApplicationState } from '@rxbridge/contracts';
import { renewalDueAt, type DocumentKind } from './applications';
import { ENROLLED_STATES } from './enrolled-states';
import { addDays, addMonths, daysBetween, toDate, toIsoDate, type DateInput } from './dates';
import { cardOfCurrentPlan } from './programs/coverage';

// How long an approval lasts (docs/product.md §18 Enrollment and re-enrollment): the navigator's
// dates when given, else the program's published rule, else our default, shown as an estimate.

/** A program's published enrollment rule (the catalogue's `enrollment`); null facts are unknown. */
export interface EnrollmentRule {
  months: number | null;
  endsDecember31: boolean | null;
}

/** Our default when the program publishes no rule: never shown as the program's fact (`estimated`). */
export const DEFAULT_ENROLLMENT_MONTHS = 12;

/** Days before `endsOn` the patient is emailed a reminder. */
export const ENROLLMENT_REMINDER_DAYS = [60, 30] as const;
export type EnrollmentReminderDays = (typeof ENROLLMENT_REMINDER_DAYS)[number];
/** Days before `endsOn` the renewal application opens. */
export const RENEWAL_OPEN_DAYS = 45;

export interface EnrollmentPeriod {
  startsOn: string;
  endsOn: string;
  /** true when the end date is our default, not the navigator's nor the program's. */
  estimated: boolean;
}

/**
 * The end of an enrollment starting on `startsOn` under the program's rule: December 31 of the
 * start's year, or that many calendar months later (Jan 31 + 1 month = Feb 28, or 29), or our
 * 12-month default. An enrollment starting on December 31 under a December-31 rule would last no
 * day: it runs to the next December 31.
 */
export function enrollmentEnd(startsOn: DateInput, rule: EnrollmentRule | null): Omit<EnrollmentPeriod, 'startsOn'> {
  const start = toDate(startsOn, 'Enrollment start date');
  if (rule?.endsDecember31) {
    const year = start.getUTCFullYear();
    const endsOn = `${year}-12-31`;
    return { endsOn: endsOn === toIsoDate(start) ? `${year + 1}-12-31` : endsOn, estimated: false };
  }
  if (rule?.months) return { endsOn: toIsoDate(addMonths(start, rule.months)), estimated: false };
  return { endsOn: toIsoDate(addMonths(start, DEFAULT_ENROLLMENT_MONTHS)), estimated: true };
}

/**
 * The enrollment an approval on `approvedOn` records: the navigator's start date or the approval's,
 * and the navigator's end date or the rule's. The dates are checked before (validateTransitionDetails).
 */
export function enrollmentPeriod(
  given: { startsOn?: DateInput | null; endsOn?: DateInput | null },
  approvedOn: DateInput,
  rule: EnrollmentRule | null,
): EnrollmentPeriod {
  const startsOn = toIsoDate(given.startsOn || approvedOn);
  if (given.endsOn) return { startsOn, endsOn: toIsoDate(given.endsOn), estimated: false };
  return { startsOn, ...enrollmentEnd(startsOn, rule) };
}

/**
 * Checklist items a renewal takes over from the application it renews, when they were received
 * with an upload: an insurance card and a proof of residency stay valid from one year to the next.
 * Proof of income, denial letters, the year's out-of-pocket spend, the prescription and the
 * prescriber's form are asked again: programs re-check them each enrollment (docs/product.md §18).
 */
export const RENEWAL_CARRIED_DOCUMENTS: readonly DocumentKind[] = ['INSURANCE_CARD', 'PROOF_OF_RESIDENCY'];

/**
 * What a renewal takes over of RENEWAL_CARRIED_DOCUMENTS (docs/product.md §18): only the kinds its own checklist asks
 * for. The old insurance card of a patient now uninsured is not sent with the renewal.
 */
export const renewalCarriedDocuments = (checklist: readonly DocumentKind[]): DocumentKind[] =>
  RENEWAL_CARRIED_DOCUMENTS.filter((kind) => checklist.includes(kind));

/** An item received on the application a renewal renews: its kind, and when it was received. */
export interface ReceivedItem {
  kind: DocumentKind;
  receivedAt: Date | null;
}

/**
 * Whether a renewal takes over an item of RENEWAL_CARRIED_DOCUMENTS received on the application it renews
 * (docs/product.md §18): an insurance card only when it is a card of the patient's plan (cardOfCurrentPlan, with
 * `planSince` of their newest insurance record). A card from before shows the plan the patient left, while the
 * renewal's packet names the new one: it stays missing, so the patient is asked for it.
 */
export const renewalTakesOver = (item: ReceivedItem, planSince: Date | null): boolean =>
  item.kind !== 'INSURANCE_CARD' || cardOfCurrentPlan(item.receivedAt, planSince);

/** A move as the renewals' rules read it: its states, and the enrollment's end the application carried. */
export interface EnrollmentMove {
  fromState: ApplicationState;
  toState: ApplicationState;
  enrollmentEndDate?: string | null;
}

/**
 * Whether a move closes or cancels an enrollment (docs/product.md §18): from an enrolled state, or of an application
 * that still carries one while it re-enrolls itself (Submitted, Info requested or Denied after Renewal due: its
 * enrollment runs until its end date).
 */
export const endsEnrollment = ({ fromState, toState, enrollmentEndDate }: EnrollmentMove) =>
  (toState === 'CLOSED' || toState === 'CANCELLED') && (ENROLLED_STATES.includes(fromState) || !!enrollmentEndDate);

/**
 * Whether a move may settle the prescription's renewals (docs/product.md §18): an approval (a renewal taking over, or
 * an application re-enrolled on its own), Renewal due (the application a renewal took over reaches its end), or an
 * enrollment closed or cancelled (its renewals still being prepared are not needed).
 */
export const settlesRenewals = (move: EnrollmentMove) =>
  move.toState === 'APPROVED' || move.toState === 'RENEWAL_DUE' || endsEnrollment(move);

export const enrollmentReminderDueAt = (endsOn: DateInput, daysBefore: number) => addDays(endsOn, -daysBefore);

/**
 * The day a reminder goes (docs/product.md §18): its own day, or today when it goes late (an approval back-dated, a
 * worker that was down). What it says, the days left and the renewal, is told as of that day.
 */
export function reminderSentOn(endsOn: DateInput, daysBefore: number, now: DateInput): Date {
  const due = enrollmentReminderDueAt(endsOn, daysBefore);
  const today = toDate(now);
  return today > due ? today : due;
}

/**
 * Whether the renewal's opening day (RENEWAL_OPEN_DAYS before `endsOn`) has come by the day of `on`: a reminder sent
 * then says where the renewal stands, whichever of the reminders it is (a late one included, docs/product.md §18).
 */
export const renewalOpenDayCame = (endsOn: DateInput, on: DateInput): boolean =>
  daysBetween(on, endsOn) <= RENEWAL_OPEN_DAYS;

/**
 * The states the renewal-due timer moves a case from (docs/product.md §5, §18): enrolled, with the enrollment's first
 * shipment scheduled. Not Approved: the first shipment is recorded from there only (Approved → Shipment scheduled), so
 * an approval with 30 days or less left, moved to Renewal due at once, could never ship. A case approved meanwhile
 * still gets its reminders and its renewal application; the renewal approved closes it at once (settleRenewals).
 */
export const RENEWAL_DUE_FROM_STATES: readonly ApplicationState[] = ['SHIPMENT_SCHEDULED', 'DELIVERED', 'REFILL_DUE'];

/**
 * The day the renewal-due timer fires (docs/product.md §5): 30 days before the enrollment ends, and never before it
 * starts (a short or future enrollment, as its reminders, which are left out then). A day already past fires at once.
 */
export function renewalDueTimerAt(endsOn: DateInput, startsOn: DateInput | null): Date {
  const due = renewalDueAt(endsOn);
  if (!startsOn) return due;
  const start = toDate(startsOn, 'Enrollment start date');
  return start > due ? start : due;
}
