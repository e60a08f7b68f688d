// Patient records (docs/product.md §6 Records, §10 API): doctors, prescriptions, insurance and documents.
// Shared by the API and the web app's forms, so nothing here may import a node module.
import { z } from 'zod';
import { MAX_PAGE, noSearchInAddress, pagingNumber, searchWords } from './fields';
import * as f from './fields';
import { INSURANCE_PROVIDERS, INSURANCE_TYPES, SPECIALTIES, toSpecialty, type InsuranceType } from './enums';
import { FIELD_MESSAGES } from './field-messages';
import { MESSAGES } from './messages';
import { coverageAnswersShape, coverageAnswersViewShape } from './coverage';

/** Texts of the record endpoints (docs/product.md §12 Messages). */
export const RECORD_MESSAGES = {
  tooManyUploads: 'You have uploaded many documents in the last hour. Please wait a while before uploading more.',
  storageQuotaReached:
    'Your documents have reached the storage limit. Please delete a document you no longer need before uploading another.',
  chooseOwnDoctor: 'Please choose one of your doctors',
  atLeastOneDoctor: 'Add at least one doctor',
  atLeastOnePrescription: 'Add at least one prescription',
  tooManyRows: (max: number) => `At most ${max} rows can be saved at once`,
  tooManyPrescriptions: (max: number) =>
    `A plan covers at most ${max} prescriptions. Please remove one you no longer take before adding another.`,
  doctorsAsList: 'Send the doctors as a list',
  prescriptionsAsList: 'Send the prescriptions as a list',
  emptyFile: 'The selected file is empty. Please choose another file.',
  oneFileOnly: 'Please send one file, in the field named "document"',
  documentLinkExpired: 'This document link has expired. Open the document again from your documents list.',
  documentLinkInvalid: 'This document link is not valid. Open the document again from your documents list.',
  storageUnavailable:
    'We could not store your document right now. Nothing was saved; please try again in a few minutes.',
  documentBeingAttached: 'This document is being attached to an application. Please try deleting it again.',
} as const;

/** Documents: at most 10 MB (docs/product.md §6 Records), integer bytes. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENTS_PAGE_SIZE = 5;
export const MAX_DOCUMENTS_PAGE_SIZE = 50;
export const MAX_BULK_ROWS = 20;

/** Types a patient may upload, by the type their content shows (not their name). */
export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];
/** For the file picker's `accept`: a hint only, the server decides by content. */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.gif,.doc,.docx,.txt,' + DOCUMENT_MIME_TYPES.join(',');

/** A required text of a record form: blank after trimming answers the form's own message. */
const requiredRecordText = (missing: string, label: string, max: number) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullish();

const doctorMissing = MESSAGES.doctorMissingFields;
/** A doctor as the dashboard saves it (no id): names, specialty and address required. */
export const doctorSchema = z.object({
  firstName: requiredRecordText(doctorMissing, 'First name', 100),
  lastName: requiredRecordText(doctorMissing, 'Last name', 100),
  // The list check of fields.ts, after the blank check that answers the form's own message.
  specialty: z
    .string({ error: doctorMissing })
    .trim()
    .min(1, doctorMissing)
    .transform((v) => toSpecialty(v) ?? v)
    .pipe(z.enum(SPECIALTIES, { error: 'Please choose a specialty from the list' })),
  phone: f.optionalPhone,
  doctorAddress: requiredRecordText(doctorMissing, 'Address', 300),
  npiNumber: f.npiNumber,
});
export type DoctorInput = z.input<typeof doctorSchema>;
export type DoctorPayload = z.output<typeof doctorSchema>;
export const doctorsBulkSchema = z
  .array(doctorSchema, { error: RECORD_MESSAGES.doctorsAsList })
  .min(1, RECORD_MESSAGES.atLeastOneDoctor)
  .max(MAX_BULK_ROWS, RECORD_MESSAGES.tooManyRows(MAX_BULK_ROWS));

const prescriptionMissing = MESSAGES.prescriptionMissingFields;
/** An ICD-10-CM code: a letter (not U), two characters, then optionally a dot and up to four more (E11.9, I10). */
export const ICD10_PATTERN = /^[A-TV-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/;
export const PRESCRIPTION_MESSAGES = {
  diagnosis: 'Diagnosis must be an ICD-10 code such as E11.9',
  quantity: 'Quantity must be a whole number from 1 to 10,000',
  daysSupply: "Days' supply must be a whole number of days from 1 to 365",
} as const;
/** An optional whole number within 1..max, as a JSON number or the form's digits; blank is none. */
const optionalWhole = (message: string, max: number) =>
  z
    .union([z.number({ error: message }), z.string({ error: message }).trim(), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = typeof v === 'number' ? v : /^\d{1,6}$/.test(v) ? Number(v) : NaN;
      if (Number.isInteger(n) && n >= 1 && n <= max) return n;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
/** A prescription: medication, dosage and frequency required; doctorId, when set, one of the patient's doctors. */
export const prescriptionSchema = z.object({
  medication: requiredRecordText(prescriptionMissing, 'Medication', 200),
  dosage: requiredRecordText(prescriptionMissing, 'Dosage', 100),
  frequency: z.string({ error: prescriptionMissing }).trim().min(1, prescriptionMissing).pipe(f.frequency),
  doctorId: z
    .union([z.literal(''), z.null(), f.ownRowId(RECORD_MESSAGES.chooseOwnDoctor)], {
      error: RECORD_MESSAGES.chooseOwnDoctor,
    })
    .optional()
    .transform((v) => v || null),
  /** Optional, for the program's packet (docs/product.md §17): the diagnosis and how much is dispensed. */
  diagnosisCode: z
    .string({ error: PRESCRIPTION_MESSAGES.diagnosis })
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || ICD10_PATTERN.test(v), PRESCRIPTION_MESSAGES.diagnosis)
    .nullish()
    .transform((v) => v || null),
  quantity: optionalWhole(PRESCRIPTION_MESSAGES.quantity, 10_000),
  daysSupply: optionalWhole(PRESCRIPTION_MESSAGES.daysSupply, 365),
});
export type PrescriptionInput = z.input<typeof prescriptionSchema>;
export type PrescriptionPayload = z.output<typeof prescriptionSchema>;
export const prescriptionsBulkSchema = z
  .array(prescriptionSchema, { error: RECORD_MESSAGES.prescriptionsAsList })
  .min(1, RECORD_MESSAGES.atLeastOnePrescription)
  .max(MAX_BULK_ROWS, RECORD_MESSAGES.tooManyRows(MAX_BULK_ROWS));

/** The coverage type a provider implies (Medicare -> Medicare, Aetna -> Commercial Insurance). */
export function coverageTypeOf(provider: string): InsuranceType {
  return INSURANCE_PROVIDERS.find((p) => p.name === provider)?.coverageType ?? 'Other';
}

const insuranceFields = {
  provider: f.insuranceProvider,
  coverageType: z.enum(INSURANCE_TYPES, { error: FIELD_MESSAGES.chooseCoverageType }).optional(),
  policyNumber: optionalText('Policy number', 100),
  groupNumber: optionalText('Group number', 100),
  ...coverageAnswersShape,
};

/**
 * Insurance add: the provider is required; coverageType defaults to what the provider implies; the coverage answers
 * (docs/product.md §6.3) are null until given.
 */
export const insuranceSchema = z.object(insuranceFields).transform((v) => ({
  ...v,
  coverageType: v.coverageType ?? coverageTypeOf(v.provider),
  drugCoverage: v.drugCoverage ?? null,
  extraHelp: v.extraHelp ?? null,
  outOfPocketCentsThisYear: v.outOfPocketCentsThisYear ?? null,
}));
export type InsuranceInput = z.input<typeof insuranceSchema>;
export type InsurancePayload = z.output<typeof insuranceSchema>;

/**
 * PUT /insurance/{id}: the fields sent change, the others stay; a new provider without a coverageType brings the
 * coverage type it implies. An empty body is a 400 (nothing to save).
 */
export const insuranceUpdateSchema = z
  .object(insuranceFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: MESSAGES.noChanges })
  .transform((v) => {
    const changes = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as typeof v;
    return v.provider && !v.coverageType ? { ...changes, coverageType: coverageTypeOf(v.provider) } : changes;
  });
export type InsuranceUpdateInput = z.input<typeof insuranceUpdateSchema>;
export type InsuranceUpdatePayload = z.output<typeof insuranceUpdateSchema>;

/** The text part of a document upload; the file itself is checked by the server by its content. */
export const documentUploadSchema = z.object({
  title: requiredRecordText(MESSAGES.missingFileOrTitle, 'Title', 200),
});

/** POST /documents/search {page, limit, search}: page from 1, 5 per page unless asked, search on the title. */
export const documentSearchSchema = z.object({
  page: pagingNumber('page', MAX_PAGE).default(1),
  limit: pagingNumber('limit', MAX_DOCUMENTS_PAGE_SIZE).default(DOCUMENTS_PAGE_SIZE),
  search: searchWords,
});
export type DocumentListQuery = z.output<typeof documentSearchSchema>;
/** GET /documents?page&limit: the same without words. */
export const documentListQuerySchema = documentSearchSchema.extend({ search: noSearchInAddress('/documents/search') });

// Answers.
export const doctorViewSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  specialty: z.enum(SPECIALTIES),
  phone: z.string().nullable(),
  doctorAddress: z.string(),
  npiNumber: z.string().nullable(),
  createdAt: f.isoTime,
});
export type DoctorView = z.infer<typeof doctorViewSchema>;
export const prescriptionViewSchema = z.object({
  id: z.string(),
  medication: z.string(),
  dosage: z.string(),
  frequency: z.string(),
  diagnosisCode: z.string().nullable(),
  quantity: z.number().int().nullable(),
  daysSupply: z.number().int().nullable(),
  doctorId: z.string().nullable(),
  doctor: doctorViewSchema.pick({ id: true, firstName: true, lastName: true, specialty: true, phone: true }).nullable(),
  createdAt: f.isoTime,
});
export type PrescriptionView = z.infer<typeof prescriptionViewSchema>;
export const insuranceViewSchema = z.object({
  id: z.string(),
  provider: z.string(),
  policyNumber: z.string().nullable(),
  groupNumber: z.string().nullable(),
  coverageType: z.enum(INSURANCE_TYPES),
  ...coverageAnswersViewShape,
  documentUrl: z.string().nullable(),
  createdAt: f.isoTime,
});
export type InsuranceView = z.infer<typeof insuranceViewSchema>;
export const documentViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  mimeType: z.enum(DOCUMENT_MIME_TYPES),
  fileSize: z.number().int(),
  createdAt: f.isoTime,
});
export type DocumentView = z.infer<typeof documentViewSchema>;
/**
 * A patient's message to support (docs/product.md §21); answeredAt is set once a navigator answered it, reply when
 * they answered in the console (null when they replied by phone or email and marked it answered).
 */
export const supportMessageViewSchema = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: f.isoTime,
  answeredAt: f.isoTime.nullable(),
  reply: z.string().nullable(),
});
export type SupportMessageView = z.infer<typeof supportMessageViewSchema>;
export const paginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  hasPrevPage: z.boolean(),
  hasNextPage: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;
/** What adding prescriptions did to the subscription: a checkoutUrl when a paid plan still has no card. */
export const subscriptionUpdateSchema = z.looseObject({ checkoutUrl: z.string().nullish() });
export type SubscriptionUpdate = z.infer<typeof subscriptionUpdateSchema>;
