import type { ApplicationState } from '@rxbridge/contracts';
import type { TraceCarrier } from '@rxbridge/platform';

/**
 * Domain events: name -> payload. Written to the outbox in the transaction of the change they
 * describe; payloads carry ids, never secrets or health details (the worker reads the rows).
 */
export interface DomainEventMap {
  'user.registered': { userId: string; verificationId: string };
  'user.verification_requested': { userId: string; verificationId: string };
  'user.password_reset_requested': { userId: string; resetId: string; via: 'code' | 'link' };
  'user.password_changed': { userId: string };
  'prescription.added': { userId: string; prescriptionIds: string[] };
  'prescription.removed': { userId: string; prescriptionIds: string[] };
  /** A worker opened the application of a new prescription (state INTAKE). */
  'application.created': { applicationId: string; userId: string; prescriptionId: string; transitionId: string };
  /**
   * A committed state change. Self-sufficient for billing, which charges on APPROVED and
   * SHIPMENT_SCHEDULED: the enrollment dates and the shipment ride along.
   */
  'application.transitioned': {
    applicationId: string;
    userId: string;
    prescriptionId: string;
    fromState: ApplicationState;
    toState: ApplicationState;
    transitionId: string;
    /** null when the system moved it (timers, a removed prescription). */
    actorId: string | null;
    at: string;
    enrollmentStartDate: string | null;
    enrollmentEndDate: string | null;
    /** Set when toState is SHIPMENT_SCHEDULED. */
    shipment: { id: string; shipmentDate: string; daysOfSupply: number; refillDueAt: string } | null;
  };
  /**
   * What screening reads of a patient changed: their household facts, insurance records, mailing state or date of
   * birth (docs/product.md §15); or another fact their packets print and signatures cover: the profile's name, address
   * or phone, a doctor's, a prescription (docs/product.md §17). Carries no facts: verdicts and whether a signature is
   * current are computed when read, so the handler pushes. With `checklists` (insurance, state, date of birth: what
   * decides which documents a program asks of the patient), the checklists of the applications still being prepared
   * follow first; the other changes send none.
   */
  'user.eligibility_changed': { userId: string; checklists?: true };
  /** A navigator set the program of an application; transitionId is its timeline entry. */
  'application.program_set': { applicationId: string; userId: string; transitionId: string };
  /**
   * A navigator asked a prescriber to sign (docs/product.md §16): the email queue mails the link (derived from
   * requestId), the timers queue arms the reminder, the applications queue pushes the timeline entry.
   */
  'application.prescriber_requested': {
    applicationId: string;
    userId: string;
    requestId: string;
    transitionId: string;
  };
  /** The prescriber signed; transitionId is the "Prescriber signed" timeline entry. */
  'application.prescriber_signed': { applicationId: string; userId: string; requestId: string; transitionId: string };
  /** The patient chose where the medication ships (docs/product.md §17); transitionId is its timeline entry. */
  'application.ship_to_set': { applicationId: string; userId: string; transitionId: string };
  /** A fax of the packet to the program is queued (attempt counts Retries): the email queue sends it once. */
  'application.fax_queued': { applicationId: string; userId: string; submissionId: string; attempt: number };
  /** A submission's status changed without a state change (a fax failed): the screens read it again. */
  'application.submission_updated': { applicationId: string; userId: string };
  /** The patient signed their application (docs/product.md §17); transitionId is its timeline entry. */
  'application.patient_signed': { applicationId: string; userId: string; transitionId: string };
  /** A delayed job on the timers queue (never written to the outbox): a signing request is 3 days unsigned. */
  'prescriber.reminder_due': { requestId: string; applicationId: string };
  /**
   * A renewal application was opened for an enrolled one (docs/product.md §18): applicationId is the
   * renewed application, transitionId its "Renewal opened" timeline entry; the renewal's own opening
   * is an `application.created`.
   */
  'application.renewal_opened': { applicationId: string; userId: string; renewalId: string; transitionId: string };
  /**
   * The document checklist changed (the patient attached a file, a navigator marked an item, or it followed the
   * patient's facts: then transitionId is the timeline entry saying what is asked now). `asked`: a navigator marked an
   * item missing, or a fax found a received file it could not turn into pages, asking the patient for it, who is
   * emailed what is still needed (the timers queue arms it).
   */
  'application.documents_updated': { applicationId: string; userId: string; transitionId?: string; asked?: true };
  /** A delayed job on the timers queue (never written to the outbox): the refill or renewal date came. */
  'application.timer_due':
    | { kind: 'refill'; applicationId: string; userId: string; shipmentId: string }
    | { kind: 'renewal'; applicationId: string; userId: string; enrollmentEndDate: string }
    /** docs/product.md §18: the patient's email 60 or 30 days before the enrollment ends. */
    | {
        kind: 'enrollment-reminder';
        applicationId: string;
        userId: string;
        enrollmentEndDate: string;
        daysBefore: number;
      }
    /** docs/product.md §18: the renewal application opens 45 days before the enrollment ends. */
    | { kind: 'renewal-open'; applicationId: string; userId: string; enrollmentEndDate: string }
    /** docs/product.md §11: what the patient was asked for on `day` (UTC), emailed once that day. */
    | { kind: 'asked'; applicationId: string; userId: string; day: string };
  /** A patient wrote to support (docs/product.md §21): the support inbox is told, the patient gets a receipt. */
  'support.message_sent': { messageId: string; userId: string };
  /** A navigator answered a patient's message in the console (docs/product.md §21): the patient is mailed the reply. */
  'support.message_replied': { messageId: string; userId: string };
  /** A card was saved through checkout (first time, or to replace a declined one). */
  'subscription.payment_method_saved': { subscriptionId: string; userId: string };
  /** Price, count, status or cancellation changed: the patient's screen must follow. */
  'subscription.changed': { subscriptionId: string; userId: string };
  /** A charge began (a period's payment written PENDING, or a declined one tried again): its push shows it at once. */
  'payment.pending': { paymentId: string; subscriptionId: string; userId: string };
  /** A charge finished, one way or the other. */
  'payment.settled': { paymentId: string; subscriptionId: string; userId: string; status: 'SUCCEEDED' | 'FAILED' };
  /** The billing job scheduler's tick (never written to the outbox): renewals, reminders, period ends. */
  'billing.sweep_due': Record<string, never>;
  /** The charge reconciliation's tick (never written to the outbox): PENDING charges, unpaid first charges. */
  'billing.reconcile_due': Record<string, never>;
  /** The retention prune's tick (never written to the outbox): old outbox rows, effects, Stripe events, tokens. */
  'maintenance.prune_due': Record<string, never>;
  /** The document-file sweep's tick (never written to the outbox): files no document row points at. */
  'documents.sweep_due': Record<string, never>;
}
export type DomainEventType = keyof DomainEventMap;

export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  id: string;
  type: T;
  payload: DomainEventMap[T];
  userId: string | null;
  createdAt: string;
  /** The trace the job continues (docs/architecture.md §13 Tracing); none with tracing off. */
  trace?: TraceCarrier | null;
}
