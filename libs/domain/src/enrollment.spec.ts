import { APPLICATION_STATES } from '@rxbridge/contracts';
import { canTransition } from './applications';
import { toIsoDate } from './dates';
import {
  DEFAULT_ENROLLMENT_MONTHS,
  enrollmentEnd,
  enrollmentPeriod,
  RENEWAL_DUE_FROM_STATES,
  renewalCarriedDocuments,
  renewalDueTimerAt,
  renewalTakesOver,
  renewalOpenDayCame,
  reminderSentOn,
  settlesRenewals,
} from './enrollment';
import { validateTransitionDetails } from './transition-details';

// docs/product.md §18 Enrollment and re-enrollment: the date rule.
describe('enrollment end date', () => {
  it('adds the program’s months in calendar months', () => {
    expect(enrollmentEnd('2026-03-15', { months: 12, endsDecember31: null })).toEqual({
      endsOn: '2027-03-15',
      estimated: false,
    });
    expect(enrollmentEnd('2026-03-15', { months: 6, endsDecember31: false }).endsOn).toBe('2026-09-15');
  });

  it('clamps month ends: Jan 31 + 1 month is the last day of February', () => {
    expect(enrollmentEnd('2026-01-31', { months: 1, endsDecember31: null }).endsOn).toBe('2026-02-28');
    expect(enrollmentEnd('2028-01-31', { months: 1, endsDecember31: null }).endsOn).toBe('2028-02-29');
    expect(enrollmentEnd('2026-08-31', { months: 1, endsDecember31: null }).endsOn).toBe('2026-09-30');
  });

  it('handles leap years: Feb 29 + 12 months is Feb 28', () => {
    expect(enrollmentEnd('2028-02-29', { months: 12, endsDecember31: null }).endsOn).toBe('2029-02-28');
    expect(enrollmentEnd('2027-02-28', { months: 12, endsDecember31: null }).endsOn).toBe('2028-02-28');
  });

  it('ends on December 31 of the approval’s year under a calendar-year rule', () => {
    expect(enrollmentEnd('2026-03-15', { months: 12, endsDecember31: true })).toEqual({
      endsOn: '2026-12-31',
      estimated: false,
    });
    expect(enrollmentEnd('2028-01-01', { months: null, endsDecember31: true }).endsOn).toBe('2028-12-31');
    // An approval on December 31 itself would last no day: the next December 31.
    expect(enrollmentEnd('2026-12-31', { months: null, endsDecember31: true }).endsOn).toBe('2027-12-31');
  });

  it('falls back to our 12-month default, marked as an estimate, when the program publishes nothing', () => {
    expect(DEFAULT_ENROLLMENT_MONTHS).toBe(12);
    expect(enrollmentEnd('2026-05-10', { months: null, endsDecember31: null })).toEqual({
      endsOn: '2027-05-10',
      estimated: true,
    });
    expect(enrollmentEnd('2026-05-10', null).estimated).toBe(true);
  });
});

describe('enrollment period of an approval', () => {
  const rule = { months: 12, endsDecember31: null };

  it('starts on the approval day and follows the rule when the navigator gives no dates', () => {
    expect(enrollmentPeriod({}, new Date('2026-04-02T23:30:00Z'), rule)).toEqual({
      startsOn: '2026-04-02',
      endsOn: '2027-04-02',
      estimated: false,
    });
  });

  it('keeps the navigator’s dates', () => {
    expect(enrollmentPeriod({ startsOn: '2026-01-01', endsOn: '2026-06-30' }, '2026-04-02', null)).toEqual({
      startsOn: '2026-01-01',
      endsOn: '2026-06-30',
      estimated: false,
    });
  });

  // The console sends the navigator's own today as the start of an approval left blank: in a US evening that is the
  // day before the server's UTC day. It must be taken, and give the period a blank start on that day would.
  it('takes a start given the day before the UTC day, with the rule and the estimate of a blank start', () => {
    const lateInLosAngeles = new Date('2026-12-06T05:30:00Z'); // 9:30 pm on December 5 there
    expect(validateTransitionDetails('APPROVED', { enrollmentStartsOn: '2026-12-05' }, lateInLosAngeles)).toEqual({});
    for (const given of [rule, { months: null, endsDecember31: true }, null]) {
      expect(enrollmentPeriod({ startsOn: '2026-12-05', endsOn: '' }, lateInLosAngeles, given)).toEqual(
        enrollmentPeriod({}, '2026-12-05', given),
      );
    }
    expect(enrollmentPeriod({ startsOn: '2026-12-05' }, lateInLosAngeles, null)).toEqual({
      startsOn: '2026-12-05',
      endsOn: '2027-12-05',
      estimated: true,
    });
    expect(
      enrollmentPeriod({ startsOn: '2026-12-05' }, lateInLosAngeles, { months: null, endsDecember31: true }),
    ).toEqual({
      startsOn: '2026-12-05',
      endsOn: '2026-12-31',
      estimated: false,
    });
  });

  it('applies the rule from the navigator’s start date', () => {
    expect(enrollmentPeriod({ startsOn: '2026-01-31' }, '2026-04-02', { months: 1, endsDecember31: null })).toEqual({
      startsOn: '2026-01-31',
      endsOn: '2026-02-28',
      estimated: false,
    });
  });
});

describe('moves that settle renewals', () => {
  it('are approvals, Renewal due, and the close or cancellation of an enrollment in force', () => {
    expect(settlesRenewals({ fromState: 'SUBMITTED', toState: 'APPROVED' })).toBe(true);
    expect(settlesRenewals({ fromState: 'DELIVERED', toState: 'RENEWAL_DUE' })).toBe(true);
    for (const toState of ['CLOSED', 'CANCELLED'] as const) {
      expect(settlesRenewals({ fromState: 'REFILL_DUE', toState })).toBe(true);
      expect(settlesRenewals({ fromState: 'RENEWAL_DUE', toState })).toBe(true);
      // A case cancelled or closed before it was ever enrolled has no renewal to settle.
      expect(settlesRenewals({ fromState: 'INTAKE', toState })).toBe(false);
      expect(settlesRenewals({ fromState: 'DENIED', toState })).toBe(false);
      // An application re-enrolling itself still carries its enrollment: closing or cancelling it ends that.
      for (const fromState of ['SUBMITTED', 'INFO_REQUESTED', 'DENIED'] as const) {
        expect(settlesRenewals({ fromState, toState, enrollmentEndDate: '2027-01-31' })).toBe(true);
      }
    }
    expect(settlesRenewals({ fromState: 'APPROVED', toState: 'SHIPMENT_SCHEDULED' })).toBe(false);
  });
});

describe('the renewal-due timer', () => {
  it('moves a case only once its first shipment is scheduled, and only where the table lets it go to Renewal due', () => {
    expect(RENEWAL_DUE_FROM_STATES).toEqual(
      APPLICATION_STATES.filter((s) => s !== 'APPROVED' && canTransition(s, 'RENEWAL_DUE')),
    );
    // Approved records the first shipment; Renewal due could not.
    expect(canTransition('APPROVED', 'SHIPMENT_SCHEDULED')).toBe(true);
    expect(canTransition('RENEWAL_DUE', 'SHIPMENT_SCHEDULED')).toBe(false);
  });

  it('fires 30 days before the end, never before the enrollment starts', () => {
    expect(toIsoDate(renewalDueTimerAt('2026-12-31', '2026-01-01'))).toBe('2026-12-01');
    // A short enrollment starting after its renewal day: on its start.
    expect(toIsoDate(renewalDueTimerAt('2026-12-31', '2026-12-15'))).toBe('2026-12-15');
    expect(toIsoDate(renewalDueTimerAt('2026-12-31', null))).toBe('2026-12-01');
  });
});

describe('what a renewal takes over', () => {
  it('is the insurance card and the proof of residency, only where its own checklist asks for them', () => {
    expect(renewalCarriedDocuments(['PROOF_OF_INCOME', 'INSURANCE_CARD', 'PROOF_OF_RESIDENCY'])).toEqual([
      'INSURANCE_CARD',
      'PROOF_OF_RESIDENCY',
    ]);
    // A patient now uninsured: no card asked, none carried.
    expect(renewalCarriedDocuments(['PROOF_OF_INCOME', 'PRESCRIBER_FORM'])).toEqual([]);
  });

  it('takes over an insurance card only when received after the patient’s plan was added or last changed', () => {
    // Approved in January with the 2026 card; a new plan added at open enrollment in December.
    const card = { kind: 'INSURANCE_CARD' as const, receivedAt: new Date('2026-01-10T15:00:00Z') };
    const newPlan = new Date('2026-12-07T18:00:00Z');
    expect(renewalTakesOver(card, newPlan)).toBe(false);
    expect(renewalTakesOver({ ...card, receivedAt: new Date('2026-12-08T09:00:00Z') }, newPlan)).toBe(true);
    // The plan the card was received for, unchanged since.
    expect(renewalTakesOver(card, new Date('2025-11-20T12:00:00Z'))).toBe(true);
    // Received the same moment is not after: asked again rather than a card of the plan before sent.
    expect(renewalTakesOver({ ...card, receivedAt: newPlan }, newPlan)).toBe(false);
    expect(renewalTakesOver({ ...card, receivedAt: null }, newPlan)).toBe(false);
    // No plan left: no card is of it (the renewal of an uninsured patient asks for none).
    expect(renewalTakesOver(card, null)).toBe(false);
  });

  it('takes over the proof of residency whatever the plan did', () => {
    const proof = { kind: 'PROOF_OF_RESIDENCY' as const, receivedAt: new Date('2026-01-10T15:00:00Z') };
    expect(renewalTakesOver(proof, new Date('2026-12-07T18:00:00Z'))).toBe(true);
  });
});

describe('a reminder and the renewal', () => {
  it('is told as of its own day, or of today when it goes late', () => {
    expect(toIsoDate(reminderSentOn('2026-12-31', 60, '2026-10-01'))).toBe('2026-11-01');
    expect(toIsoDate(reminderSentOn('2026-12-31', 60, '2026-11-01T16:00:00Z'))).toBe('2026-11-01');
    expect(toIsoDate(reminderSentOn('2026-12-31', 60, '2026-11-21T16:00:00Z'))).toBe('2026-11-21');
  });

  it('says where the renewal stands from its opening day, 45 days before the end, on', () => {
    const at = (iso: string) => new Date(`${iso}T16:00:00Z`);
    expect(renewalOpenDayCame('2026-12-31', at('2026-11-15'))).toBe(false);
    expect(renewalOpenDayCame('2026-12-31', at('2026-11-16'))).toBe(true);
    expect(renewalOpenDayCame('2026-12-31', at('2026-12-01'))).toBe(true);
  });
});
