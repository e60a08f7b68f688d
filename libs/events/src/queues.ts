import type { JobsOptions } from 'bullmq';
import { armsTimers, settlesRenewals } from '@rxbridge/domain';
import type { DomainEvent, DomainEventType } from './domain-events';

/** BullMQ queues: one per consumer, so each consumer acks its copy of an event independently. */
export const QUEUES = {
  email: 'email',
  applications: 'applications',
  /** Time-driven jobs only: refill and renewal dates, prescriber reminders and the email of what a navigator asked (deterministic ids), the document-file sweep and the retention prune. */
  timers: 'timers',
  /** Charges, renewals and subscription pushes. */
  billing: 'billing',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * Which queues receive each event. The relay adds one job per queue with jobId = event id,
 * so a second relay pass (after a crash) is a no-op.
 */
export const EVENT_ROUTES: Record<DomainEventType, readonly QueueName[]> = {
  'user.registered': [QUEUES.email],
  'user.verification_requested': [QUEUES.email],
  'user.password_reset_requested': [QUEUES.email],
  'user.password_changed': [QUEUES.email],
  'prescription.added': [QUEUES.applications, QUEUES.billing],
  'prescription.removed': [QUEUES.applications, QUEUES.billing],
  // Changes whose only consumer was a push: their writers publish it (docs/architecture.md §8).
  'application.created': [],
  'application.transitioned': [QUEUES.applications, QUEUES.email, QUEUES.billing],
  'application.documents_updated': [QUEUES.timers],
  'user.eligibility_changed': [QUEUES.applications],
  // A navigator setting another program asks the patient to sign for it: the asked-documents email
  // (docs/product.md §11).
  'application.program_set': [QUEUES.timers],
  'application.renewal_opened': [],
  'application.timer_due': [QUEUES.timers],
  'application.prescriber_requested': [QUEUES.email, QUEUES.timers],
  'application.prescriber_signed': [],
  'application.patient_signed': [],
  'application.ship_to_set': [],
  'application.fax_queued': [QUEUES.email],
  'application.submission_updated': [],
  'prescriber.reminder_due': [QUEUES.timers],
  'support.message_sent': [QUEUES.email],
  'support.message_replied': [QUEUES.email],
  'subscription.payment_method_saved': [QUEUES.billing],
  'subscription.changed': [QUEUES.billing],
  'payment.pending': [],
  'payment.settled': [QUEUES.billing, QUEUES.email],
  'billing.sweep_due': [QUEUES.billing],
  'billing.reconcile_due': [QUEUES.billing],
  'maintenance.prune_due': [QUEUES.timers],
  'documents.sweep_due': [QUEUES.timers],
};

/**
 * Where a queue's handler would do nothing for an event, the relay does not put it on that queue:
 * every job costs the relay and the worker several Redis round trips, and most moves need neither
 * a charge nor a timer (docs/architecture.md §15 Performance). The handlers keep their own checks.
 */
const ROUTED_WHEN: Partial<Record<DomainEventType, Partial<Record<QueueName, (e: DomainEvent) => boolean>>>> = {
  // Only a navigator's ask arms the email of what the patient still has to give.
  'application.documents_updated': {
    [QUEUES.timers]: (e) => (e as DomainEvent<'application.documents_updated'>).payload.asked === true,
  },
  'application.transitioned': {
    // The first charge waits for the first scheduled shipment.
    [QUEUES.billing]: (e) => (e as DomainEvent<'application.transitioned'>).payload.toState === 'SHIPMENT_SCHEDULED',
    // Arming timers and settling renewals: most states do neither.
    [QUEUES.applications]: (e) => {
      const move = (e as DomainEvent<'application.transitioned'>).payload;
      return armsTimers(move.toState) || settlesRenewals(move);
    },
  },
};

/** The queues this event goes to: its routes, less those whose handler would do nothing for it. */
export function queuesFor(event: DomainEvent): readonly QueueName[] {
  const when = ROUTED_WHEN[event.type];
  const routes = EVENT_ROUTES[event.type] ?? [];
  return when ? routes.filter((queue) => when[queue]?.(event) ?? true) : routes;
}

/**
 * Job options in one place: retries with backoff, failed jobs kept for inspection. 14 attempts doubling from 1 s
 * ride out an outage of SMTP, Stripe or the database of over two hours (8191 s) before a job fails for good, and
 * even then its event stays to do (docs/architecture.md §6).
 */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 14,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 10000 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

/**
 * The Redis channel a writer publishes on once a transaction that wrote outbox rows has committed, so
 * the relay wakes at once (docs/architecture.md §6); a wake lost leaves the rows to the relay's poll.
 */
export const outboxWakeChannel = (redisPrefix: string) => `${redisPrefix}:outbox`;
