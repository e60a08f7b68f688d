import { APPLICATION_STATES, type ApplicationState } from '@rxbridge/contracts';
import {
  APPLICATION_TRANSITIONS,
  assertTransition,
  canTransition,
  documentLabel,
  IllegalTransitionError,
  isTerminal,
  missingDocuments,
  nextStates,
  nextStepFor,
  refillDueAt,
  renewalDueAt,
  dayTimerFiresAt,
  requiredDocumentsFor,
  requiredFieldsFor,
  stateLabel,
  validateTransitionDetails,
} from '.';
import { toIsoDate } from './dates';
import {
  currentApplication,
  ENDED_STATES,
  ENROLLED_STATES,
  RENEWAL_STATES,
  RENEWED_BY,
  renewalTookOver,
} from './enrolled-states';

// Written out by hand from docs/product.md §5 Applications, independently of APPLICATION_TRANSITIONS.
const LEGAL = new Set([
  'INTAKE>AWAITING_DOCUMENTS',
  'AWAITING_DOCUMENTS>AWAITING_PRESCRIBER',
  'AWAITING_PRESCRIBER>SUBMITTED',
  'SUBMITTED>INFO_REQUESTED',
  'INFO_REQUESTED>SUBMITTED',
  'SUBMITTED>APPROVED',
  'SUBMITTED>DENIED',
  'DENIED>SUBMITTED',
  'DENIED>CLOSED',
  'APPROVED>SHIPMENT_SCHEDULED',
  'SHIPMENT_SCHEDULED>DELIVERED',
  'DELIVERED>REFILL_DUE',
  'REFILL_DUE>SHIPMENT_SCHEDULED',
  'APPROVED>RENEWAL_DUE',
  'SHIPMENT_SCHEDULED>RENEWAL_DUE',
  'DELIVERED>RENEWAL_DUE',
  'REFILL_DUE>RENEWAL_DUE',
  'RENEWAL_DUE>SUBMITTED',
  'APPROVED>CLOSED',
  'SHIPMENT_SCHEDULED>CLOSED',
  'DELIVERED>CLOSED',
  'REFILL_DUE>CLOSED',
  'RENEWAL_DUE>CLOSED',
  'INTAKE>CANCELLED',
  'AWAITING_DOCUMENTS>CANCELLED',
  'AWAITING_PRESCRIBER>CANCELLED',
  'SUBMITTED>CANCELLED',
  'INFO_REQUESTED>CANCELLED',
  'APPROVED>CANCELLED',
  'DENIED>CANCELLED',
  'SHIPMENT_SCHEDULED>CANCELLED',
  'DELIVERED>CANCELLED',
  'REFILL_DUE>CANCELLED',
  'RENEWAL_DUE>CANCELLED',
]);

const allPairs = APPLICATION_STATES.flatMap((from) => APPLICATION_STATES.map((to) => [from, to] as const));

describe('application transitions', () => {
  it('has a row for every state', () => {
    expect(Object.keys(APPLICATION_TRANSITIONS).sort()).toEqual([...APPLICATION_STATES].sort());
  });

  it.each(allPairs)('%s -> %s is legal exactly when docs/product.md §5 says so', (from, to) => {
    const legal = LEGAL.has(`${from}>${to}`);
    expect(canTransition(from, to)).toBe(legal);
    if (legal) expect(() => assertTransition(from, to)).not.toThrow();
    else expect(() => assertTransition(from, to)).toThrow(IllegalTransitionError);
  });

  it('does not let an intake skip documents or the prescriber', () => {
    expect(canTransition('INTAKE', 'AWAITING_PRESCRIBER')).toBe(false);
    expect(canTransition('INTAKE', 'SUBMITTED')).toBe(false);
    expect(canTransition('AWAITING_DOCUMENTS', 'SUBMITTED')).toBe(false);
  });

  it('explains an illegal move in words', () => {
    let error: unknown;
    try {
      assertTransition('SUBMITTED', 'DELIVERED');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(IllegalTransitionError);
    const illegal = error as IllegalTransitionError;
    expect(illegal.message).toBe(
      'An application in Submitted cannot move to Delivered. Allowed next states: Approved, Denied, Info requested, Cancelled.',
    );
    expect(illegal.from).toBe('SUBMITTED');
    expect(illegal.to).toBe('DELIVERED');
    expect(illegal.allowed).toEqual(['APPROVED', 'DENIED', 'INFO_REQUESTED', 'CANCELLED']);
    expect(illegal.code).toBe('ILLEGAL_TRANSITION');
  });

  it('says when a state is final', () => {
    expect(() => assertTransition('CLOSED', 'SUBMITTED')).toThrow(
      'An application in Closed cannot move to Submitted. Closed is final: the application cannot change any more.',
    );
  });

  it('knows the terminal states', () => {
    expect(APPLICATION_STATES.filter(isTerminal)).toEqual(['CLOSED', 'CANCELLED']);
    expect(nextStates('DENIED')).toEqual(['SUBMITTED', 'CLOSED', 'CANCELLED']);
  });

  it('labels every state and gives every state a next step', () => {
    expect(stateLabel('INFO_REQUESTED')).toBe('Info requested');
    expect(stateLabel('SHIPMENT_SCHEDULED')).toBe('Shipment scheduled');
    expect(nextStepFor('AWAITING_PRESCRIBER')).toBe('We are waiting for your doctor to sign the prescriber form.');
    for (const state of APPLICATION_STATES) {
      expect(stateLabel(state)).toMatch(/^[A-Z][a-z ]+$/);
      expect(nextStepFor(state)).toMatch(/\.$/);
    }
  });

  it('refuses an unknown state', () => {
    expect(() => nextStates('LOST' as ApplicationState)).toThrow('Unknown application state "LOST".');
    expect(canTransition('LOST' as ApplicationState, 'CANCELLED')).toBe(false);
  });
});

describe('transition details', () => {
  // The day of the move, fixed: the dates below stay within five years of it whenever the spec runs.
  const TODAY = '2025-06-01';
  it('names the fields each state needs', () => {
    expect(requiredFieldsFor('APPROVED')).toEqual([]);
    expect(requiredFieldsFor('SHIPMENT_SCHEDULED')).toEqual(['shipmentDate', 'daysOfSupply']);
    expect(requiredFieldsFor('DENIED')).toEqual([]);
  });

  it('accepts complete approval and shipment details', () => {
    expect(
      validateTransitionDetails(
        'APPROVED',
        { enrollmentStartsOn: '2025-01-01', enrollmentEndsOn: '2025-12-31' },
        TODAY,
      ),
    ).toEqual({});
    expect(
      validateTransitionDetails(
        'SHIPMENT_SCHEDULED',
        { shipmentDate: new Date('2025-03-01'), daysOfSupply: 90 },
        TODAY,
      ),
    ).toEqual({});
    expect(validateTransitionDetails('DENIED', {}, TODAY)).toEqual({});
  });

  it('reports each missing field; the enrollment dates are optional (docs/product.md §18)', () => {
    expect(validateTransitionDetails('APPROVED', {}, TODAY)).toEqual({});
    expect(validateTransitionDetails('SHIPMENT_SCHEDULED', {}, TODAY)).toEqual({
      shipmentDate: 'Shipment date is required to move an application to Shipment scheduled.',
      daysOfSupply: 'Days of supply is required to move an application to Shipment scheduled.',
    });
  });

  it('checks an end date given alone against the day of the move', () => {
    expect(validateTransitionDetails('APPROVED', { enrollmentEndsOn: '2025-06-01' }, '2025-06-01')).toEqual({
      enrollmentEndsOn: 'Enrollment end date must be after the enrollment start date.',
    });
    expect(validateTransitionDetails('APPROVED', { enrollmentEndsOn: '2025-12-01' }, '2025-06-01')).toEqual({});
  });

  it('wants the enrollment to end after it starts, within a year', () => {
    expect(
      validateTransitionDetails(
        'APPROVED',
        { enrollmentStartsOn: '2025-06-01', enrollmentEndsOn: '2025-06-01' },
        TODAY,
      ),
    ).toEqual({
      enrollmentEndsOn: 'Enrollment end date must be after the enrollment start date.',
    });
    expect(
      validateTransitionDetails(
        'APPROVED',
        { enrollmentStartsOn: '2025-06-01', enrollmentEndsOn: '2026-06-02' },
        TODAY,
      ),
    ).toEqual({
      enrollmentEndsOn: 'Enrollment can last at most one year from the start date.',
    });
    expect(
      validateTransitionDetails(
        'APPROVED',
        { enrollmentStartsOn: '2025-06-01', enrollmentEndsOn: '2026-06-01' },
        TODAY,
      ),
    ).toEqual({});
  });

  it('refuses dates that do not exist', () => {
    expect(
      validateTransitionDetails('APPROVED', { enrollmentStartsOn: '2025-02-30', enrollmentEndsOn: 'soon' }, TODAY),
    ).toEqual({
      enrollmentStartsOn: 'Enrollment start date must be a valid date such as 2025-01-31.',
      enrollmentEndsOn: 'Enrollment end date must be a valid date such as 2025-01-31.',
    });
    // Only a YYYY-MM-DD day: not a number JavaScript would read as a year, nor a five-digit year.
    for (const shipmentDate of ['1', '10000-01-01', '2025-3-1', 'March 1, 2025']) {
      expect(validateTransitionDetails('SHIPMENT_SCHEDULED', { shipmentDate, daysOfSupply: 90 }, TODAY)).toEqual({
        shipmentDate: 'Shipment date must be a valid date such as 2025-01-31.',
      });
    }
  });

  it.each([29, 121, 45.5, Number.NaN])('refuses %p days of supply', (daysOfSupply) => {
    expect(
      validateTransitionDetails('SHIPMENT_SCHEDULED', { shipmentDate: '2025-03-01', daysOfSupply }, TODAY),
    ).toEqual({
      daysOfSupply: 'Days of supply must be a whole number from 30 to 120.',
    });
  });

  it.each([30, 120])('accepts %p days of supply', (daysOfSupply) => {
    expect(
      validateTransitionDetails('SHIPMENT_SCHEDULED', { shipmentDate: '2025-03-01', daysOfSupply }, TODAY),
    ).toEqual({});
  });

  it('refuses a day more than five years from the move (a typo, or beyond what PostgreSQL stores)', () => {
    for (const shipmentDate of ['0000-01-01', '9999-12-01', '2019-05-31', '2031-06-02'])
      expect(validateTransitionDetails('SHIPMENT_SCHEDULED', { shipmentDate, daysOfSupply: 90 }, TODAY)).toEqual({
        shipmentDate: 'Shipment date must be within 5 years of today.',
      });
    expect(
      validateTransitionDetails('SHIPMENT_SCHEDULED', { shipmentDate: '2030-06-01', daysOfSupply: 90 }, TODAY),
    ).toEqual({});
    expect(validateTransitionDetails('APPROVED', { enrollmentStartsOn: '9999-06-01' }, TODAY)).toEqual({
      enrollmentStartsOn: 'Enrollment start date must be within 5 years of today.',
    });
  });
});

describe('timers', () => {
  it('makes a refill due three weeks before the supply runs out', () => {
    // Jan 1 + 90 days = Apr 1; three weeks earlier is Mar 11.
    expect(toIsoDate(refillDueAt('2025-01-01', 90))).toBe('2025-03-11');
    // Across a leap day: Feb 1 2024 + 30 days = Mar 2; minus 21 = Feb 10.
    expect(toIsoDate(refillDueAt('2024-02-01', 30))).toBe('2024-02-10');
    expect(refillDueAt(new Date('2025-01-01T15:30:00Z'), 120).toISOString()).toBe('2025-04-10T15:30:00.000Z');
  });

  it('makes a renewal due 30 days before the enrollment ends', () => {
    expect(toIsoDate(renewalDueAt('2025-12-31'))).toBe('2025-12-01');
    expect(toIsoDate(renewalDueAt('2025-03-01'))).toBe('2025-01-30');
  });

  it("fires a timer due on a day at 16:00 UTC that day: the patients' morning, not the evening before", () => {
    expect(dayTimerFiresAt('2025-12-01').toISOString()).toBe('2025-12-01T16:00:00.000Z');
    expect(dayTimerFiresAt(renewalDueAt('2025-12-31')).toISOString()).toBe('2025-12-01T16:00:00.000Z');
  });

  it('refuses a nonsense supply or date', () => {
    expect(() => refillDueAt('2025-01-01', 0)).toThrow(RangeError);
    expect(() => renewalDueAt('not a date')).toThrow(RangeError);
  });
});

describe('enrolled states', () => {
  it('arms the renewal reminder exactly in the enrolled states a case can leave for Renewal due', () => {
    expect(RENEWAL_STATES).toEqual(APPLICATION_STATES.filter((s) => canTransition(s, 'RENEWAL_DUE')));
    expect(ENROLLED_STATES).toEqual([...RENEWAL_STATES, 'RENEWAL_DUE']);
  });

  it('says a renewal took over only for an application the system closed recording the renewal, while it lasts', () => {
    const entry = (toState: ApplicationState, details: Record<string, unknown> = {}) => ({ toState, details });
    const app = (id: string, state: ApplicationState, timeline: ReturnType<typeof entry>[]) => ({
      id,
      state,
      timeline,
    });
    const old = app('a', 'CLOSED', [entry('APPROVED'), entry('CLOSED', { [RENEWED_BY]: 'b' })]);
    const renewal = (state: ApplicationState, timeline = [entry('APPROVED')]) => app('b', state, timeline);
    expect(renewalTookOver(old, [old, renewal('APPROVED')])).toBe(true);
    // Re-enrolling itself (Renewal due, then sent again), the renewal's enrollment is still in force.
    expect(renewalTookOver(old, [old, renewal('SUBMITTED')])).toBe(true);
    // The renewal ended since: cancelled, or closed by a navigator; closed because its own renewal took over, not.
    expect(renewalTookOver(old, [old, renewal('CANCELLED')])).toBe(false);
    expect(renewalTookOver(old, [old, renewal('CLOSED', [entry('CLOSED')])])).toBe(false);
    const chained = renewal('CLOSED', [entry('CLOSED', { [RENEWED_BY]: 'c' })]);
    expect(renewalTookOver(old, [old, chained, app('c', 'DELIVERED', [])])).toBe(true);
    // A navigator's close, or a close without the renewal recorded, keeps the generic text.
    expect(renewalTookOver(app('a', 'CLOSED', [entry('APPROVED'), entry('CLOSED')]), [])).toBe(false);
    expect(renewalTookOver(app('a', 'CLOSED', []), [])).toBe(false);
    expect(renewalTookOver(app('a', 'APPROVED', [entry('APPROVED', { [RENEWED_BY]: 'b' })]), [])).toBe(false);
  });

  it('ends a case exactly in the final states', () => {
    expect(ENDED_STATES).toEqual(APPLICATION_STATES.filter(isTerminal));
  });

  it("shows a prescription's newest application that has not ended, else its newest", () => {
    const app = (id: string, state: ApplicationState) => ({ id, state });
    // Re-enrolled itself: the renewal it no longer needs was cancelled after; the enrollment goes on.
    const original = app('a', 'APPROVED');
    expect(currentApplication([original, app('b', 'CANCELLED')])).toBe(original);
    // A renewal took over: the renewal, not the closed enrollment.
    const renewal = app('b', 'DELIVERED');
    expect(currentApplication([app('a', 'CLOSED'), renewal])).toBe(renewal);
    // Both open (a renewal being prepared while the enrollment runs): the newest.
    const preparing = app('b', 'INTAKE');
    expect(currentApplication([app('a', 'RENEWAL_DUE'), preparing])).toBe(preparing);
    // All ended: the newest.
    const last = app('b', 'CANCELLED');
    expect(currentApplication([app('a', 'CLOSED'), last])).toBe(last);
    expect(currentApplication([])).toBeUndefined();
  });
});

describe('document checklist', () => {
  it('asks insured patients for their card and the insurer’s denial', () => {
    expect(requiredDocumentsFor({ hasInsurance: true })).toEqual([
      'PROOF_OF_INCOME',
      'INSURANCE_CARD',
      'DENIAL_LETTER',
      'PRESCRIBER_FORM',
    ]);
    expect(requiredDocumentsFor({ hasInsurance: false })).toEqual(['PROOF_OF_INCOME', 'PRESCRIBER_FORM']);
  });

  it('lists what is still missing, in checklist order', () => {
    expect(missingDocuments({ hasInsurance: true }, ['DENIAL_LETTER'])).toEqual([
      'PROOF_OF_INCOME',
      'INSURANCE_CARD',
      'PRESCRIBER_FORM',
    ]);
    expect(missingDocuments({ hasInsurance: false }, new Set(['PRESCRIBER_FORM', 'INSURANCE_CARD'] as const))).toEqual([
      'PROOF_OF_INCOME',
    ]);
    expect(missingDocuments(['PRESCRIBER_FORM', 'PROOF_OF_INCOME'], ['PROOF_OF_INCOME', 'PRESCRIBER_FORM'])).toEqual(
      [],
    );
  });

  it('labels documents for people', () => {
    expect(documentLabel('PRESCRIBER_FORM')).toBe('Prescriber form signed by your doctor');
  });
});
