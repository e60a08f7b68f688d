// Application packets and the prescriber's online sign-off (docs/product.md §16). Shared with the web app.
import { z } from 'zod';
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
} as const;

/** POST /admin/applications/{id}/prescriber-requests: where the signing link goes. */
export const prescriberRequestSchema = z.object({ email });
export type PrescriberRequestPayload = z.output<typeof prescriberRequestSchema>;

const token = z
  .string({ error: PRESCRIBER_MESSAGES.tokenRequired })
  .trim()
  .min(1, PRESCRIBER_MESSAGES.tokenRequired)
  .max(300, PRESCRIBER_MESSAGES.tokenRequired);

/** POST /prescriber-signatures/lookup and /prescriber-signatures/packet: the token rides in the body, never a URL. */
export const prescriberTokenSchema = z.object({ token });
export type PrescriberTokenPayload = z.output<typeof prescriberTokenSchema>;

/** POST /prescriber-signatures. The NPI's check digit is verified by the API (libs/domain isValidNpi). */
export const prescriberSignatureSchema = z.object({
  token,
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
  expiresAt: isoTime,
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
