// Application packets and the prescriber's online sign-off (docs/product.md §16). Shared with the web app.
import { z } from 'zod';
import { US_STATES } from './enums';
import { PRESCRIBER_FIELDS } from './program-requirements';
import { email, isoTime } from './fields';

export const PRESCRIBER_MESSAGES = {
  requested: (email: string) => `Signature request sent to ${email}`,
  signed: 'Thank you: your signature has been recorded',
  tokenRequired: 'The signing link is incomplete. Please open the link from the email again.',
  linkGone:
    'This signing link has expired or was already used. Please ask the patient’s care navigator for a new link.',
  nameRequired: 'Please enter your full name',
  npiRequired: 'Please enter your 10-digit NPI',
  badNpi: (npi: string) => `NPI ${npi} is not a valid National Provider Identifier: please check the number.`,
  attestRequired: 'Please confirm the attestation to sign',
  closed: (label: string) => `This application is ${label.toLowerCase()}: it no longer needs a prescriber signature.`,
  packetClosed: (label: string) => `An application in ${label} needs no prescriber signature now.`,
  dateOfBirthRequired: 'Please enter the patient’s date of birth (YYYY-MM-DD)',
  dateOfBirthMismatch:
    'This date of birth does not match the patient’s. Please check it in the patient’s file: after 5 wrong answers the link stops working.',
  npiMismatch: (npi: string) =>
    `NPI ${npi} is not the NPI of the prescriber on file for this prescription. If the doctor on file is wrong, the patient’s care navigator can correct it.`,
  licenseNumberRequired: 'Please enter your state license number',
  licenseStateRequired: 'Please choose the state that issued your license',
  deaRequired: 'Please enter your DEA number',
  badDea: (dea: string) =>
    `DEA number ${dea} is not valid: it is two letters and seven digits, the last one its check digit.`,
  taxIdRequired: 'Please enter your tax ID (EIN: 9 digits)',
  factsChanged:
    'The application changed since this page showed it. Its details are shown again: please review them, and the packet, before signing.',
} as const;

/** POST /admin/applications/{id}/prescriber-requests: where the signing link goes. */
export const prescriberRequestSchema = z.object({ email });
export type PrescriberRequestPayload = z.output<typeof prescriberRequestSchema>;

const token = z
  .string({ error: PRESCRIBER_MESSAGES.tokenRequired })
  .trim()
  .min(1, PRESCRIBER_MESSAGES.tokenRequired)
  .max(300, PRESCRIBER_MESSAGES.tokenRequired);

/**
 * The patient's date of birth, asked before any patient detail is shown. Its presence and form are checked by the
 * API after the link (a spent link answers 410 whatever the date): missing or not a YYYY-MM-DD day is a 400 naming it.
 */
const dateOfBirth = z
  .string({ error: PRESCRIBER_MESSAGES.dateOfBirthRequired })
  .trim()
  .max(40, PRESCRIBER_MESSAGES.dateOfBirthRequired)
  .optional();

/**
 * POST /prescriber-signatures/lookup and /prescriber-signatures/packet: the token and the patient's date of birth
 * ride in the body, never a URL (docs/product.md §16).
 */
export const prescriberTokenSchema = z.object({ token, dateOfBirth });
export type PrescriberTokenPayload = z.output<typeof prescriberTokenSchema>;

/** Blank optional text (a form's empty field) counts as not given. */
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** The identifiers a program may ask of the prescriber; which are required is the program's (docs/product.md §16). */
const prescriberIdentifiers = {
  licenseNumber: optionalText(
    z
      .string({ error: PRESCRIBER_MESSAGES.licenseNumberRequired })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 .-]{0,29}$/, 'A license number is letters and digits, at most 30 characters'),
  ),
  licenseState: optionalText(
    z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.enum(US_STATES, { error: PRESCRIBER_MESSAGES.licenseStateRequired }),
    ),
  ),
  deaNumber: optionalText(
    z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.string({ error: PRESCRIBER_MESSAGES.deaRequired }).max(20, PRESCRIBER_MESSAGES.deaRequired),
    ),
  ),
  taxId: optionalText(
    z
      .string({ error: PRESCRIBER_MESSAGES.taxIdRequired })
      .trim()
      .regex(/^\d{2}-?\d{7}$/, PRESCRIBER_MESSAGES.taxIdRequired)
      .transform((v) => v.replace('-', '')),
  ),
};

/**
 * POST /prescriber-signatures. The NPI's and DEA number's check digits, and which identifiers the program requires,
 * are checked by the API (libs/domain `prescriberIdentifierErrors`).
 */
export const prescriberSignatureSchema = z.object({
  token,
  dateOfBirth,
  name: z
    .string({ error: PRESCRIBER_MESSAGES.nameRequired })
    .trim()
    .min(1, PRESCRIBER_MESSAGES.nameRequired)
    .max(200, 'The name must be at most 200 characters'),
  npi: z
    .string({ error: PRESCRIBER_MESSAGES.npiRequired })
    .trim()
    .regex(/^\d{10}$/, PRESCRIBER_MESSAGES.npiRequired),
  attest: z.literal(true, { error: PRESCRIBER_MESSAGES.attestRequired }),
  /** The signing view's factsDigest: the facts as the page showed them. */
  factsDigest: z
    .string({ error: PRESCRIBER_MESSAGES.factsChanged })
    .regex(/^[0-9a-f]{64}$/, PRESCRIBER_MESSAGES.factsChanged),
  ...prescriberIdentifiers,
});
export type PrescriberSignatureRequest = z.input<typeof prescriberSignatureSchema>;
export type PrescriberSignaturePayload = z.output<typeof prescriberSignatureSchema>;

/** What the signing page shows: nothing beyond what the prescriber needs to sign. */
export const prescriberSigningViewSchema = z.object({
  patientName: z.string(),
  medication: z.string(),
  dosage: z.string(),
  frequency: z.string(),
  program: z.object({ name: z.string(), manufacturer: z.string() }).nullable(),
  /** The identifiers the program's form asks of the prescriber, which the signing form then asks for. */
  prescriberFields: z.array(z.enum(PRESCRIBER_FIELDS)),
  expiresAt: isoTime,
  /** A digest of the facts the signature binds, as now: signing posts it back, and a change since answers 409. */
  factsDigest: z.string(),
});
export type PrescriberSigningView = z.infer<typeof prescriberSigningViewSchema>;

/** On the navigators' application view: the latest signature request, if any. */
export const prescriberRequestStatusSchema = z.object({
  email: z.string(),
  sentAt: isoTime,
  expiresAt: isoTime,
  signedAt: isoTime.nullable(),
  signedBy: z.string().nullable(),
});
export type PrescriberRequestStatus = z.infer<typeof prescriberRequestStatusSchema>;
