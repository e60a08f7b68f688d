import type { JobsOptions } from 'bullmq';
import type { DomainEventType } from './domain-events';

/** BullMQ queues: one per consumer, so each consumer acks its copy of an event independently. */
export const QUEUES = {
  email: 'email',
  applications: 'applications',
  /** Time-driven jobs only: refill and renewal dates and prescriber reminders (deterministic ids), the document-file sweep and the retention prune. */
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
  'application.created': [QUEUES.applications],
  'application.transitioned': [QUEUES.applications, QUEUES.email, QUEUES.billing],
  'application.documents_updated': [QUEUES.applications],
  'user.eligibility_changed': [QUEUES.applications],
  'application.program_set': [QUEUES.applications],
  'application.timer_due': [QUEUES.timers],
  'application.prescriber_requested': [QUEUES.email, QUEUES.timers, QUEUES.applications],
  'application.prescriber_signed': [QUEUES.applications],
  'prescriber.reminder_due': [QUEUES.timers],
  'subscription.payment_method_saved': [QUEUES.billing],
  'subscription.changed': [QUEUES.billing],
  'payment.settled': [QUEUES.billing, QUEUES.email],
  'billing.sweep_due': [QUEUES.billing],
  'billing.reconcile_due': [QUEUES.billing],
  'maintenance.prune_due': [QUEUES.timers],
  'documents.sweep_due': [QUEUES.timers],
};

/** Job options in one place: retries with backoff, failed jobs kept for inspection. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 10000 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

/** PostgreSQL channel the outbox table's insert trigger notifies (on commit) so the relay wakes at once. */
export const OUTBOX_CHANNEL = 'outbox_event';
