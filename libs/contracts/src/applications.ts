// Patient Assistance Program applications (docs/product.md §5 Applications, §8 Navigator console): the patient's view, the
// navigators' admin API and their request schemas. Shared with the web app: no node modules here.
// Which details a state needs, and the document kinds, are checked by libs/domain (one table each).
import { z } from 'zod';
import { isoDay, isoTime, ownRowId } from './fields';
import { APPLICATION_STATES, ROLES, type Role } from './enums';
import { SHIP_TO_CHOICES } from './program-requirements';
import { publicUserSchema } from './api';
import {
  doctorViewSchema,
  documentViewSchema,
  insuranceViewSchema,
  paginationSchema,
  prescriptionViewSchema,
  supportMessageViewSchema,
} from './records';
import { paymentViewSchema, subscriptionViewSchema } from './billing';
import { applicationEligibilitySchema, programRefSchema } from './eligibility';
import { prescriberRequestStatusSchema } from './prescriber';
import { CATALOGUE_KIND_VALUES, routeSchema } from './routes';
import { applicationSignaturesSchema, submissionViewSchema } from './signatures';

export const APPLICATION_MESSAGES = {
  noteRequired: 'Please add a note saying why the application moves',
  chooseState: 'Please choose the state to move the application to',
  chooseOwnDocument: 'Please choose one of your uploaded documents',
  chooseDocumentKind: 'Please choose which checklist item this document is for',
  chooseDocumentStatus: 'Please choose MISSING or RECEIVED',
  applicationClosed: (label: string) =>
    `This application is ${label.toLowerCase()}: its document checklist can no longer change.`,
  kindNotNeeded: (label: string) => `${label} is not on this application's checklist.`,
  documentKindUnknown: (kinds: string) => `kind must be one of ${kinds}`,
  itemChanged: (label: string, now: 'MISSING' | 'RECEIVED' | 'ABSENT') =>
    `${label} changed since you looked: it is ${{ MISSING: 'missing', RECEIVED: 'received', ABSENT: 'no longer on the checklist' }[now]} now. Look at the checklist again before marking it.`,
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
  /** APPROVED: optional, the approval's day by default (docs/product.md §18). */
  enrollmentStartsOn: optionalDate,
  /** APPROVED: optional, the program's rule (or our 12-month estimate) by default (docs/product.md §18). */
  enrollmentEndsOn: optionalDate,
  /** Earlier names of enrollmentStartsOn and enrollmentEndsOn, still read when those are absent. */
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
  documentId: ownRowId(APPLICATION_MESSAGES.chooseOwnDocument),
});
export type AttachDocumentPayload = z.output<typeof attachDocumentSchema>;

/** POST /admin/applications/{id}/documents/{kind}: a navigator marks an item received or missing. */
export const documentStatusSchema = z.object({
  status: z.enum(DOCUMENT_STATUSES, { error: APPLICATION_MESSAGES.chooseDocumentStatus }),
  /**
   * The item as the navigator saw it (ABSENT: not on the checklist). When given and no longer so (the patient
   * attached the file, a colleague marked it), the mark is refused (409) and nothing changes.
   */
  fromStatus: z
    .enum([...DOCUMENT_STATUSES, 'ABSENT'], { error: 'fromStatus must be MISSING, RECEIVED or ABSENT' })
    .optional(),
  note: z.string().trim().max(2000, 'The note must be at most 2000 characters').nullish(),
});
export type DocumentStatusPayload = z.output<typeof documentStatusSchema>;

// Answers.
/**
 * The program named on an application, with its kind: a maker's free-medicine program (PAP) gets the packet; a copay
 * card or a foundation is enrolled in on its sponsor's page, its website (docs/product.md §19).
 */
export const applicationProgramSchema = programRefSchema.extend({
  kind: z.enum(CATALOGUE_KIND_VALUES),
  website: z.string().nullable(),
});
export type ApplicationProgram = z.infer<typeof applicationProgramSchema>;

export const applicationTimelineEntrySchema = z.object({
  id: z.string(),
  /** null for the entry that opened the application. */
  fromState: z.enum(APPLICATION_STATES).nullable(),
  toState: z.enum(APPLICATION_STATES),
  stateLabel: z.string(),
  note: z.string(),
  actorRole: z.enum([...ROLES, 'SYSTEM']),
  /** The navigator's name; null when the system made the move. */
  actorName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  at: isoTime,
});
export type ApplicationTimelineEntry = z.infer<typeof applicationTimelineEntrySchema>;
export const applicationShipmentViewSchema = z.object({
  id: z.string(),
  shipmentDate: isoDay,
  daysOfSupply: z.number().int(),
  refillDueAt: isoDay,
  createdAt: isoTime,
});
export type ApplicationShipmentView = z.infer<typeof applicationShipmentViewSchema>;
export const applicationDocumentItemSchema = z.object({
  kind: z.string(),
  label: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  documentId: z.string().nullable(),
  receivedAt: isoTime.nullable(),
  /** A navigator's note on the item (what the program asked, why a file was refused); the patient sees it too. */
  note: z.string().nullable(),
  /** Received in a file the program's fax cannot carry (a Word document, a GIF): asked again (docs/product.md §17). */
  cannotBeFaxed: z.boolean(),
});
export type ApplicationDocumentItem = z.infer<typeof applicationDocumentItemSchema>;
export const enrollmentViewSchema = z.object({ startsOn: isoDay, endsOn: isoDay, estimated: z.boolean() });
export type EnrollmentView = z.infer<typeof enrollmentViewSchema>;
export const applicationViewSchema = z.object({
  id: z.string(),
  prescriptionId: z.string(),
  medication: z.string(),
  state: z.enum(APPLICATION_STATES),
  stateLabel: z.string(),
  nextStep: z.string(),
  /** States a navigator may move it to next (empty once closed or cancelled). */
  nextStates: z.array(z.enum(APPLICATION_STATES)),
  enrollmentStartDate: isoDay.nullable(),
  enrollmentEndDate: isoDay.nullable(),
  /** Once approved (docs/product.md §18); `estimated` when the end date is our default, not a program's fact. */
  enrollment: enrollmentViewSchema.nullable(),
  /** The application this one renews (docs/product.md §18); null for a prescription's first one. */
  renewalOf: z.string().nullable(),
  /** With renewalOf: when the enrollment this renewal continues ends. */
  renewsEnrollmentEndingOn: isoDay.nullable(),
  shipments: z.array(applicationShipmentViewSchema),
  documents: z.array(applicationDocumentItemSchema),
  /** From the matched program's required documents (proof of income first); the default list when none matched. */
  missingDocuments: z.array(z.object({ kind: z.string(), label: z.string() })),
  /** The program the application goes to: matched from the medication, or set by a navigator; null when none. */
  program: applicationProgramSchema.nullable(),
  /** True when a navigator chose the program (the worker's match never replaces it). */
  programOverridden: z.boolean(),
  /** Screening against the program from the patient's current facts (docs/product.md §15). */
  eligibility: applicationEligibilitySchema.nullable(),
  /** Every route for the medication from the patient's current facts, best first; [] until facts are saved (§19). */
  routes: z.array(routeSchema),
  /** The patient's and the prescriber's signatures and whether each still holds (docs/product.md §17). */
  signatures: applicationSignaturesSchema,
  /** The patient's ship-to choice, or the program's only one; null while still to choose. */
  shipTo: z.enum(SHIP_TO_CHOICES).nullable(),
  /** Where the program ships: the patient chooses when it offers both. */
  shipToChoices: z.array(z.enum(SHIP_TO_CHOICES)),
  /** Whether the patient signs the packet: unless the program says it needs no signature (docs/product.md §17). */
  patientSignatureNeeded: z.boolean(),
  /**
   * Whether the program needs the patient's original signature in ink: its form accepts no electronic one, so the
   * packet goes signed by hand, by mail (docs/product.md §17).
   */
  inkSignatureNeeded: z.boolean(),
  /** What must still come before the packet can be sent, readable items (docs/product.md §17). */
  missingForSubmission: z.array(z.string()),
  /** The latest submission to the program, or null. */
  submission: submissionViewSchema.nullable(),
  timeline: z.array(applicationTimelineEntrySchema),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type ApplicationView = z.infer<typeof applicationViewSchema>;
export const applicationPatientSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type ApplicationPatient = z.infer<typeof applicationPatientSchema>;
export const adminApplicationViewSchema = applicationViewSchema.extend({
  patient: applicationPatientSchema,
  /** The latest prescriber signature request (docs/product.md §16): who is waiting on a prescriber, since when. */
  prescriberRequest: prescriberRequestStatusSchema.nullable(),
});
export type AdminApplicationView = z.infer<typeof adminApplicationViewSchema>;
export const applicationCountsSchema = z.record(z.enum(APPLICATION_STATES), z.number().int());
export type ApplicationCounts = z.infer<typeof applicationCountsSchema>;
/**
 * One row of the navigators' work queue (docs/product.md §8): what the list shows. The timeline,
 * checklist, routes and signatures are the record's (GET /admin/patients/{id}); sending them with every
 * page made the list twenty full views, about 80 KB, to draw seven columns.
 */
export const workQueueItemSchema = adminApplicationViewSchema.pick({
  id: true,
  medication: true,
  state: true,
  program: true,
  eligibility: true,
  renewalOf: true,
  renewsEnrollmentEndingOn: true,
  missingDocuments: true,
  createdAt: true,
  updatedAt: true,
  patient: true,
  prescriberRequest: true,
});
export type WorkQueueItem = z.infer<typeof workQueueItemSchema>;
export const adminApplicationsAnswerSchema = z.object({
  applications: z.array(workQueueItemSchema),
  /** Per state, over every application (not only this page or search). */
  counts: applicationCountsSchema,
  pagination: paginationSchema,
});
export type AdminApplicationsAnswer = z.infer<typeof adminApplicationsAnswerSchema>;
export const adminPatientSummarySchema = applicationPatientSchema.extend({
  phone: z.string(),
  createdAt: isoTime,
  applicationCount: z.number().int(),
});
export type AdminPatientSummary = z.infer<typeof adminPatientSummarySchema>;
export const adminPatientsAnswerSchema = z.object({
  patients: z.array(adminPatientSummarySchema),
  pagination: paginationSchema,
});
export type AdminPatientsAnswer = z.infer<typeof adminPatientsAnswerSchema>;
export const adminInsuranceViewSchema = insuranceViewSchema.omit({ documentUrl: true });
export type AdminInsuranceView = z.infer<typeof adminInsuranceViewSchema>;
/** GET /admin/patients/{id}: the whole record, each read written to the audit log. */
export const adminPatientRecordSchema = z.object({
  patient: publicUserSchema,
  doctors: z.array(doctorViewSchema),
  prescriptions: z.array(prescriptionViewSchema),
  insurances: z.array(adminInsuranceViewSchema),
  documents: z.array(documentViewSchema),
  applications: z.array(applicationViewSchema),
  /** Open subscriptions (not cancelled), newest first. */
  subscriptions: z.array(subscriptionViewSchema),
  /** The latest payments, newest first; paymentCount counts them all. */
  payments: z.array(paymentViewSchema),
  paymentCount: z.number().int(),
  /**
   * The patient's messages to support (docs/product.md §21): those awaiting a reply, the longest wait first, then the
   * latest answered; supportMessageCount counts all, supportMessagesAwaiting those awaiting a reply.
   */
  supportMessages: z.array(supportMessageViewSchema),
  supportMessageCount: z.number().int(),
  supportMessagesAwaiting: z.number().int(),
});
/** A message awaiting a reply in the console's list: who wrote, the subject and when; the text is in the record. */
export const adminSupportMessageSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  createdAt: isoTime,
  patient: applicationPatientSchema,
});
export type AdminSupportMessageSummary = z.infer<typeof adminSupportMessageSummarySchema>;
export const adminSupportMessagesAnswerSchema = z.object({
  messages: z.array(adminSupportMessageSummarySchema),
  pagination: paginationSchema,
});
export type AdminSupportMessagesAnswer = z.infer<typeof adminSupportMessagesAnswerSchema>;
export type AdminPatientRecord = z.infer<typeof adminPatientRecordSchema>;
