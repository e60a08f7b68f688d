// Patient Assistance Program applications (docs/product.md §5 Applications, §8 Navigator console): the patient's view, the
// navigators' admin API and their request schemas. Shared with the web app: no node modules here.
// Which details a state needs, and the document kinds, are checked by libs/domain (one table each).
import { z } from 'zod';
import { numberFromText } from './fields';
import { APPLICATION_STATES, type ApplicationState, type InsuranceType, type Role } from './enums';
import type { PublicUser } from './api';
import type { DoctorView, DocumentView, Pagination, PrescriptionView } from './records';
import type { PaymentView, SubscriptionView } from './billing';
import type { ApplicationEligibility, ProgramRef } from './eligibility';
import type { PrescriberRequestStatus } from './prescriber';

export const APPLICATION_MESSAGES = {
  noteRequired: 'Please add a note saying why the application moves',
  chooseState: 'Please choose the state to move the application to',
  chooseOwnDocument: 'Please choose one of your uploaded documents',
  chooseDocumentKind: 'Please choose which checklist item this document is for',
  chooseDocumentStatus: 'Please choose MISSING or RECEIVED',
  applicationClosed: (label: string) =>
    `This application is ${label.toLowerCase()}: its document checklist can no longer change.`,
  kindNotNeeded: (label: string) => `${label} is not on this application's checklist.`,
  stale: (label: string, by: 'someone else' | 'the system') =>
    `This application was moved to ${label} by ${by}. Refresh to see its current state.`,
} as const;

export const DOCUMENT_STATUSES = ['MISSING', 'RECEIVED'] as const;
export type ApplicationDocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Who made a move: a person's role, or SYSTEM for the refill and renewal timers and removals. */
export type TransitionActorRole = Role | 'SYSTEM';

const stateEnum = (error: string) => z.enum(APPLICATION_STATES, { error });
const optionalDate = z.string({ error: 'Dates must be written as 2025-01-31' }).trim().max(40).nullish();
const note = z
  .string({ error: APPLICATION_MESSAGES.noteRequired })
  .trim()
  .min(1, APPLICATION_MESSAGES.noteRequired)
  .max(2000, 'The note must be at most 2000 characters');

/**
 * POST /admin/applications/{id}/transitions. The details a state needs (dates for APPROVED,
 * shipment for SHIPMENT_SCHEDULED) are checked against libs/domain's table by the API, which
 * names the missing field.
 */
export const transitionRequestSchema = z.object({
  toState: stateEnum(APPLICATION_MESSAGES.chooseState),
  fromState: stateEnum('fromState must be one of the application states').optional(),
  note,
  enrollmentStartDate: optionalDate,
  enrollmentEndDate: optionalDate,
  shipmentDate: optionalDate,
  daysOfSupply: z.number({ error: 'Days of supply must be a whole number' }).nullish(),
});
export type TransitionRequest = z.input<typeof transitionRequestSchema>;
export type TransitionPayload = z.output<typeof transitionRequestSchema>;

/** POST /applications/{id}/documents: the patient attaches one of their uploaded documents. */
export const attachDocumentSchema = z.object({
  kind: z
    .string({ error: APPLICATION_MESSAGES.chooseDocumentKind })
    .trim()
    .min(1, APPLICATION_MESSAGES.chooseDocumentKind)
    .max(40),
  documentId: z.uuid({ error: APPLICATION_MESSAGES.chooseOwnDocument }),
});
export type AttachDocumentPayload = z.output<typeof attachDocumentSchema>;

/** POST /admin/applications/{id}/documents/{kind}: a navigator marks an item received or missing. */
export const documentStatusSchema = z.object({
  status: z.enum(DOCUMENT_STATUSES, { error: APPLICATION_MESSAGES.chooseDocumentStatus }),
  note: z.string().trim().max(2000, 'The note must be at most 2000 characters').nullish(),
});
export type DocumentStatusPayload = z.output<typeof documentStatusSchema>;

const pageNumber = (label: string, max: number) =>
  numberFromText(
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(1, `${label} must be at least 1`)
      .max(max, `${label} must be at most ${max}`),
  );
const search = z
  .string({ error: 'search must be text' })
  .trim()
  .max(200, 'search must be at most 200 characters')
  .optional()
  .transform((v) => v || undefined);

export const ADMIN_PAGE_SIZE = 20;
export const MAX_ADMIN_PAGE_SIZE = 100;

/** GET /admin/patients?search&page&limit: search on name or email. */
export const adminPatientsQuerySchema = z.object({
  search,
  page: pageNumber('page', 100_000).default(1),
  limit: pageNumber('limit', MAX_ADMIN_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
});
export type AdminPatientsQuery = z.output<typeof adminPatientsQuerySchema>;

/** GET /admin/applications?state&search&page&limit: oldest first; search on patient name, email or medication. */
export const adminApplicationsQuerySchema = adminPatientsQuerySchema.extend({
  state: z
    .union([z.literal('').transform(() => undefined), stateEnum('state must be one of the application states')])
    .optional(),
});
export type AdminApplicationsQuery = z.output<typeof adminApplicationsQuerySchema>;

// Answers.
export interface ApplicationTimelineEntry {
  id: string;
  /** null for the entry that opened the application. */
  fromState: ApplicationState | null;
  toState: ApplicationState;
  stateLabel: string;
  note: string;
  actorRole: TransitionActorRole;
  /** The navigator's name; null when the system made the move. */
  actorName: string | null;
  details: Record<string, unknown>;
  at: string;
}
export interface ApplicationShipmentView {
  id: string;
  shipmentDate: string;
  daysOfSupply: number;
  refillDueAt: string;
  createdAt: string;
}
export interface ApplicationDocumentItem {
  kind: string;
  label: string;
  status: ApplicationDocumentStatus;
  documentId: string | null;
  receivedAt: string | null;
}
export interface ApplicationView {
  id: string;
  prescriptionId: string;
  medication: string;
  state: ApplicationState;
  stateLabel: string;
  nextStep: string;
  /** States a navigator may move it to next (empty once closed or cancelled). */
  nextStates: ApplicationState[];
  enrollmentStartDate: string | null;
  enrollmentEndDate: string | null;
  shipments: ApplicationShipmentView[];
  documents: ApplicationDocumentItem[];
  /** From the matched program's required documents (proof of income first); the default list when none matched. */
  missingDocuments: { kind: string; label: string }[];
  /** The program the application goes to: matched from the medication, or set by a navigator; null when none. */
  program: ProgramRef | null;
  /** True when a navigator chose the program (the worker's match never replaces it). */
  programOverridden: boolean;
  /** Screening against the program from the patient's current facts (docs/product.md §15). */
  eligibility: ApplicationEligibility | null;
  timeline: ApplicationTimelineEntry[];
  createdAt: string;
  updatedAt: string;
}
export interface ApplicationPatient {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}
export interface AdminApplicationView extends ApplicationView {
  patient: ApplicationPatient;
  /** The latest prescriber signature request (docs/product.md §16): who is waiting on a prescriber, since when. */
  prescriberRequest: PrescriberRequestStatus | null;
}
export type ApplicationCounts = Record<ApplicationState, number>;
export interface AdminApplicationsAnswer {
  applications: AdminApplicationView[];
  /** Per state, over every application (not only this page or search). */
  counts: ApplicationCounts;
  pagination: Pagination;
}
export interface AdminPatientSummary extends ApplicationPatient {
  phone: string;
  createdAt: string;
  applicationCount: number;
}
export interface AdminPatientsAnswer {
  patients: AdminPatientSummary[];
  pagination: Pagination;
}
export interface AdminInsuranceView {
  id: string;
  provider: string;
  policyNumber: string | null;
  groupNumber: string | null;
  coverageType: InsuranceType;
  createdAt: string;
}
/** GET /admin/patients/{id}: the whole record, each read written to the audit log. */
export interface AdminPatientRecord {
  patient: PublicUser;
  doctors: DoctorView[];
  prescriptions: PrescriptionView[];
  insurances: AdminInsuranceView[];
  documents: DocumentView[];
  applications: ApplicationView[];
  /** Open subscriptions (not cancelled), newest first. */
  subscriptions: SubscriptionView[];
  /** The latest payments, newest first; paymentCount counts them all. */
  payments: PaymentView[];
  paymentCount: number;
}
