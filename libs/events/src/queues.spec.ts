import type { ApplicationState } from '@rxbridge/contracts';
import type { DomainEvent } from './domain-events';
import { QUEUE_CONCURRENCY_QUEUES } from '@rxbridge/platform';
import { EVENT_ROUTES, QUEUES, queuesFor } from './queues';

const moveTo = (toState: ApplicationState): DomainEvent<'application.transitioned'> => ({
  id: 'e1',
  type: 'application.transitioned',
  payload: {
    applicationId: 'a1',
    userId: 'u1',
    prescriptionId: 'p1',
    fromState: 'SUBMITTED',
    toState,
    transitionId: 't1',
    actorId: null,
    at: '2026-11-24T00:00:00.000Z',
    enrollmentStartDate: null,
    enrollmentEndDate: null,
    shipment: null,
  },
  userId: 'u1',
  createdAt: '2026-11-24T00:00:00.000Z',
});

describe('queuesFor', () => {
  it('leaves out the queues whose handler would do nothing for a move', () => {
    // No timer, no charge: the email alone (the writer publishes the push).
    expect(queuesFor(moveTo('INFO_REQUESTED'))).toEqual([QUEUES.email]);
    // Delivery arms the refill timer; approval the renewal reminder.
    expect(queuesFor(moveTo('DELIVERED'))).toEqual([QUEUES.applications, QUEUES.email]);
    expect(queuesFor(moveTo('APPROVED'))).toEqual([QUEUES.applications, QUEUES.email]);
    // The first scheduled shipment is what charges.
    expect(queuesFor(moveTo('SHIPMENT_SCHEDULED'))).toEqual([QUEUES.applications, QUEUES.email, QUEUES.billing]);
  });

  it('arms the asked-documents email only for a navigator’s ask, not for every checklist change', () => {
    const checklist = (asked: boolean): DomainEvent<'application.documents_updated'> => ({
      id: 'e3',
      type: 'application.documents_updated',
      payload: { applicationId: 'a1', userId: 'u1', ...(asked && { asked: true as const }) },
      userId: 'u1',
      createdAt: '2026-11-24T00:00:00.000Z',
    });
    expect(queuesFor(checklist(true))).toEqual([QUEUES.timers]);
    expect(queuesFor(checklist(false))).toEqual([]);
  });

  it('arms the same email when a navigator sets another program: the patient signs for it', () => {
    const programSet: DomainEvent<'application.program_set'> = {
      id: 'e4',
      type: 'application.program_set',
      payload: { applicationId: 'a1', userId: 'u1', transitionId: 't1' },
      userId: 'u1',
      createdAt: '2026-11-24T00:00:00.000Z',
    };
    expect(queuesFor(programSet)).toEqual([QUEUES.timers]);
  });

  it('keeps every route of other events', () => {
    const event: DomainEvent<'prescription.added'> = {
      id: 'e2',
      type: 'prescription.added',
      payload: { userId: 'u1', prescriptionIds: ['p1'] },
      userId: 'u1',
      createdAt: '2026-11-24T00:00:00.000Z',
    };
    expect(queuesFor(event)).toEqual(EVENT_ROUTES['prescription.added']);
  });
});

it('every queue, and only a queue, has its QUEUE_CONCURRENCY_<QUEUE> setting (libs/platform settings)', () => {
  expect([...QUEUE_CONCURRENCY_QUEUES].sort()).toEqual(Object.values(QUEUES).sort());
});
