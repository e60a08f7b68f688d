import { isCalendarDay, type ApplicationState } from '@rxbridge/contracts';
import { addMonths, parseDate, toDate, toIsoDate, type DateInput } from './dates';
import { assertState, stateLabel } from './applications';

// ---- Details a transition needs (docs/product.md §5 Applications: APPROVED and SHIPMENT_SCHEDULED) ----

export const MIN_DAYS_OF_SUPPLY = 30;
export const MAX_DAYS_OF_SUPPLY = 120;

export interface TransitionDetails {
  /** Optional on APPROVED: the approval's day by default (docs/product.md §18). */
  enrollmentStartsOn?: DateInput | null;
  /** Optional on APPROVED: the program's rule by default (docs/product.md §18). */
  enrollmentEndsOn?: DateInput | null;
  shipmentDate?: DateInput | null;
  daysOfSupply?: number | null;
}
export type TransitionField = keyof TransitionDetails;
/** One readable message per bad field, keyed by the field so a form can show it beside the input. */
export type TransitionFieldErrors = Partial<Record<TransitionField, string>>;

const REQUIRED_FIELDS: Partial<Record<ApplicationState, readonly TransitionField[]>> = {
  SHIPMENT_SCHEDULED: ['shipmentDate', 'daysOfSupply'],
};
/** Details a move may carry; checked when given. */
const OPTIONAL_FIELDS: Partial<Record<ApplicationState, readonly TransitionField[]>> = {
  APPROVED: ['enrollmentStartsOn', 'enrollmentEndsOn'],
};

const FIELD_LABELS: Record<TransitionField, string> = {
  enrollmentStartsOn: 'Enrollment start date',
  enrollmentEndsOn: 'Enrollment end date',
  shipmentDate: 'Shipment date',
  daysOfSupply: 'Days of supply',
};

export function requiredFieldsFor(toState: ApplicationState): readonly TransitionField[] {
  assertState(toState);
  return REQUIRED_FIELDS[toState] ?? [];
}

/** Every detail a move into `toState` takes: those it needs, then those it may carry. */
export function detailFieldsFor(toState: ApplicationState): readonly TransitionField[] {
  return [...requiredFieldsFor(toState), ...(OPTIONAL_FIELDS[toState] ?? [])];
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * Checks the details a move into `toState` needs or carries; an empty object means they are valid.
 * `today` is the move's day: an enrollment given only an end date starts then (docs/product.md §18).
 */
/** How far from today a move's dates may be (docs/product.md §5). */
export const DATE_WINDOW_YEARS = 5;

const withinYearsOf = (date: Date, today: DateInput, years: number) =>
  date.getTime() >= addMonths(toDate(today), -12 * years).getTime() &&
  date.getTime() <= addMonths(toDate(today), 12 * years).getTime();

export function validateTransitionDetails(
  toState: ApplicationState,
  details: TransitionDetails,
  today: DateInput = new Date(),
): TransitionFieldErrors {
  const errors: TransitionFieldErrors = {};
  const dates: Partial<Record<TransitionField, Date>> = {};
  const optional = OPTIONAL_FIELDS[toState] ?? [];

  for (const field of detailFieldsFor(toState)) {
    const value = details[field];
    if (isBlank(value)) {
      if (optional.includes(field)) continue;
      errors[field] = `${FIELD_LABELS[field]} is required to move an application to ${stateLabel(toState)}.`;
    } else if (field === 'daysOfSupply') {
      if (
        typeof value !== 'number' ||
        !Number.isInteger(value) ||
        value < MIN_DAYS_OF_SUPPLY ||
        value > MAX_DAYS_OF_SUPPLY
      ) {
        errors[field] = `Days of supply must be a whole number from ${MIN_DAYS_OF_SUPPLY} to ${MAX_DAYS_OF_SUPPLY}.`;
      }
    } else {
      // A day as the API takes it, YYYY-MM-DD, or a Date: "1", "10000-01-01" or "2025-02-30" are refused.
      const date = typeof value === 'string' && !isCalendarDay(value) ? undefined : parseDate(value as DateInput);
      if (!date) errors[field] = `${FIELD_LABELS[field]} must be a valid date such as 2025-01-31.`;
      // A day years away is a typo (and year 0 or 9999 plus a supply overflows what PostgreSQL stores).
      else if (!withinYearsOf(date, today, DATE_WINDOW_YEARS))
        errors[field] = `${FIELD_LABELS[field]} must be within ${DATE_WINDOW_YEARS} years of today.`;
      else dates[field] = date;
    }
  }

  const end = dates.enrollmentEndsOn;
  const start = dates.enrollmentStartsOn ?? (errors.enrollmentStartsOn ? undefined : parseDate(toIsoDate(today)));
  if (start && end) {
    if (end.getTime() <= start.getTime()) {
      errors.enrollmentEndsOn = 'Enrollment end date must be after the enrollment start date.';
    } else if (end.getTime() > addMonths(start, 12).getTime()) {
      // docs/product.md §5 Applications: programs enroll a patient for a year at most.
      errors.enrollmentEndsOn = 'Enrollment can last at most one year from the start date.';
    }
  }
  return errors;
}
