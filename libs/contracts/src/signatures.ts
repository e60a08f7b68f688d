// The patient's signature, signatures that bind what was signed, and sending the packet to the program
// (docs/product.md §17). Shared with the web app: no node modules here.
import { z } from 'zod';
import { isoTime } from './fields';
import { SHIP_TO_CHOICES } from './program-requirements';

export const SIGNATURE_MESSAGES = {
  nameRequired: 'Please type your full name to sign',
  nameMismatch: 'Please type your own first and last name as they appear on your profile',
  attestRequired: 'Please confirm that the facts in your application are true',
  hipaaRequired: 'Please authorize the release of your health information to the program',
  signed: 'Thank you: your signature has been recorded',
  closed: (label: string) => `This application is ${label.toLowerCase()}: it can no longer be signed.`,
  notCurrent: 'Signature no longer current: re-sign needed',
  chooseShipTo: 'Please choose where the medication should be shipped',
  shipToNotOffered: 'This program does not ship there: please choose one of the places it offers',
  shipToSaved: 'Shipping choice saved',
  noPacket: (name: string) => `You enroll in ${name} on its sponsor’s page: there is nothing to sign here.`,
  packetClosed: (label: string) => `An application in ${label} can no longer be signed or changed.`,
} as const;

export const SUBMISSION_MESSAGES = {
  chooseChannel: 'Please choose FAX or PORTAL',
  referenceRequired: 'Please enter the reference the program’s portal gave',
  noFax: 'This program publishes no fax number: submit it in its portal or by mail',
  incomplete: 'The packet is not complete yet',
  alreadySent: 'This application was already sent to its program',
  cannotSubmit: (label: string) => `An application in ${label} cannot be sent to its program.`,
  queued: 'Sending to the program',
  recorded: 'Portal submission recorded',
  notFailed: 'Only a failed fax can be sent again',
  notLatest: 'A newer submission of this application exists: only the latest can be sent again',
  programChanged: 'The application’s program changed since this fax: send the packet to its program anew',
  faxNotSentClosed: (label: string) => `Not sent: the application is ${label} now.`,
  faxNotSentProgram: 'Not sent: the application’s program changed after the fax was queued.',
  faxNotSentIncomplete: 'Not sent: the packet was no longer complete (see what is missing). Send it again once it is.',
  faxNotSentUnreadable: (title: string) =>
    `Not sent: ${title} could not be turned into fax pages (a damaged or password-protected file). The patient is asked to upload it again as a PDF, JPEG or PNG: Retry once they have.`,
  cannotBeFaxed: (title: string) => `${title} cannot be faxed: ask the patient to upload it as a PDF, JPEG or PNG`,
  sentByFax: (program: string, number: string) => `Sent to ${program} by fax (${number})`,
  submittedInPortal: (program: string, reference: string) => `Submitted in ${program}'s portal (ref ${reference})`,
  noPacket: (name: string) =>
    `No packet goes to ${name}: the patient enrolls on its sponsor’s page, so nothing is signed or sent here.`,
} as const;

export const SUBMISSION_CHANNELS = ['FAX', 'PORTAL'] as const;
export type SubmissionChannel = (typeof SUBMISSION_CHANNELS)[number];
export const SUBMISSION_STATUSES = ['QUEUED', 'SENT', 'FAILED'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** The attestation the patient confirms (shown in the signing dialog and printed on the packet). */
export const PATIENT_ATTESTATION =
  'I certify that the information in this application is true and complete to the best of my knowledge.';

/** The HIPAA authorization the patient gives (the dialog and the packet's authorization page print it). */
export const HIPAA_AUTHORIZATION_TEXT =
  'I authorize my health care providers, health plans and pharmacies to disclose my health information in this ' +
  'application to the program named on it and its administrator, and the program to share it with my care navigator ' +
  'at RxBridge, for the purpose of deciding and administering my enrollment. This authorization lasts one year from ' +
  'the date signed unless I revoke it in writing; revoking it does not undo what was already disclosed. I may refuse ' +
  'to sign it: my treatment does not depend on it, but the program may then be unable to enroll me. Information ' +
  'disclosed may be re-disclosed by its recipient and no longer be protected by federal privacy rules.';

/** POST /applications/{id}/patient-signature: the patient's typed full name and both confirmations. */
export const patientSignatureSchema = z.object({
  name: z
    .string({ error: SIGNATURE_MESSAGES.nameRequired })
    .trim()
    .min(1, SIGNATURE_MESSAGES.nameRequired)
    .max(200, 'The name must be at most 200 characters')
    .transform((v) => v.replace(/\s+/g, ' ')),
  attest: z.literal(true, { error: SIGNATURE_MESSAGES.attestRequired }),
  authorizeHipaa: z.literal(true, { error: SIGNATURE_MESSAGES.hipaaRequired }),
});
export type PatientSignatureRequest = z.input<typeof patientSignatureSchema>;
export type PatientSignaturePayload = z.output<typeof patientSignatureSchema>;

/**
 * Every application view's signatures (docs/product.md §17): `current` is false once a fact the signature covered
 * changed; that signer must sign again.
 */
export const applicationSignaturesSchema = z.object({
  patient: z.object({ signedAt: isoTime, current: z.boolean() }).nullable(),
  prescriber: z.object({ signedAt: isoTime, signedBy: z.string(), current: z.boolean() }).nullable(),
});
export type ApplicationSignatures = z.infer<typeof applicationSignaturesSchema>;

/** PUT /applications/{id}/ship-to: the patient's choice among what the program offers. */
export const shipToSchema = z.object({
  shipTo: z.enum(SHIP_TO_CHOICES, { error: SIGNATURE_MESSAGES.chooseShipTo }),
});
export type ShipToPayload = z.output<typeof shipToSchema>;

/** POST /admin/applications/{id}/submissions: send by fax, or record a portal submission with its reference. */
export const submissionSchema = z
  .object({
    channel: z.enum(SUBMISSION_CHANNELS, { error: SUBMISSION_MESSAGES.chooseChannel }),
    reference: z
      .string({ error: SUBMISSION_MESSAGES.referenceRequired })
      .trim()
      .max(100, 'The reference must be at most 100 characters')
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (v.channel === 'PORTAL' && !v.reference)
      ctx.addIssue({ code: 'custom', path: ['reference'], message: SUBMISSION_MESSAGES.referenceRequired });
  });
export type SubmissionRequest = z.input<typeof submissionSchema>;
export type SubmissionPayload = z.output<typeof submissionSchema>;

/** An application's latest submission to its program. */
export const submissionViewSchema = z.object({
  id: z.string(),
  channel: z.enum(SUBMISSION_CHANNELS),
  /** The fax number (E.164) or the portal's address. */
  to: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  reference: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: isoTime,
  sentAt: isoTime.nullable(),
});
export type SubmissionView = z.infer<typeof submissionViewSchema>;
export const submissionAnswerSchema = z.object({ submission: submissionViewSchema });
