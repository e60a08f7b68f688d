// Form-only schemas of the web app, built from the shared field schemas so the browser checks what
// the server checks. The signup payload itself is still validated with `signupSchema` on submit.
import { z } from 'zod';
import { FIELD_MESSAGES } from './field-messages';
import * as f from './fields';
import { MESSAGES } from './messages';
import { LANGUAGES } from './enums';
import { signupDoctorSchema, signupPrescriptionSchema } from './auth';

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/** Signup step 1: every field non-empty; the phone rule itself is checked on submit (docs/product.md §7 Accounts). */
export const signupStep1Schema = z.object({
  firstName: f.firstName,
  lastName: f.lastName,
  email: f.email,
  phone: f.requiredText('Phone'),
  dateOfBirth: f.dateOfBirth,
});

export const signupStep2Schema = z.object({
  gender: f.gender,
  maritalStatus: f.maritalStatus,
  mailingStreet: f.street,
  mailingCity: f.city,
  mailingState: f.state,
  mailingZip: f.zip,
});

export const signupStep3Schema = z
  .object({
    password: f.password,
    confirmPassword: z.string({ error: FIELD_MESSAGES.confirmPassword }).min(1, FIELD_MESSAGES.confirmPassword),
    acceptTerms: z.literal(true, { error: MESSAGES.termsRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
    // Report a mismatch even while another field of the step is still invalid.
    when: (p) => {
      const v = p.value as { password?: unknown; confirmPassword?: unknown };
      return typeof v.password === 'string' && typeof v.confirmPassword === 'string' && v.confirmPassword !== '';
    },
  });

/** The doctor being typed in step 4, before it joins the list. */
export const doctorDraftSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  specialty: z.string(),
  phone: z.string(),
  doctorAddress: z.string(),
  npiNumber: z.string(),
});
export type DoctorDraft = z.infer<typeof doctorDraftSchema>;
export const emptyDoctorDraft: DoctorDraft = {
  firstName: '',
  lastName: '',
  specialty: '',
  phone: '',
  doctorAddress: '',
  npiNumber: '',
};
export const isDoctorDraftEmpty = (d: DoctorDraft) => Object.values(d).every(blank);

/** Step 4 is optional, but a partly filled doctor blocks Next until it is complete or cleared. */
export const signupStep4Schema = z.object({
  doctors: z.array(signupDoctorSchema),
  doctorDraft: doctorDraftSchema.superRefine((d, ctx) => {
    if (isDoctorDraftEmpty(d)) return;
    if (blank(d.firstName) || blank(d.lastName) || blank(d.doctorAddress)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.doctorIncomplete });
      return;
    }
    const parsed = signupDoctorSchema.safeParse({ ...d, specialty: d.specialty || undefined });
    for (const issue of parsed.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
  }),
});

export const signupStep5Schema = z.object({ tier: f.tier });

export const prescriptionDraftSchema = z.object({
  medication: z.string(),
  dosage: z.string(),
  frequency: z.string(),
});
export type PrescriptionDraft = z.infer<typeof prescriptionDraftSchema>;
export const emptyPrescriptionDraft: PrescriptionDraft = { medication: '', dosage: '', frequency: '' };

/** Step 6 is optional; a prescription needs its medication name (checked when it is added). */
export const signupStep6Schema = z.object({ prescriptions: z.array(signupPrescriptionSchema) });

export const signupStep7Schema = z
  .object({
    hasInsurance: z.enum(['yes', 'no'], { error: FIELD_MESSAGES.insuranceAnswer }),
    insuranceProvider: z.string(),
    insurances: z.array(z.object({ provider: f.insuranceProvider })),
  })
  .refine((v) => v.hasInsurance === 'no' || v.insurances.length > 0 || !blank(v.insuranceProvider), {
    message: MESSAGES.insuranceProviderRequired,
    path: ['insuranceProvider'],
  });

export const SIGNUP_STEP_SCHEMAS = [
  signupStep1Schema,
  signupStep2Schema,
  signupStep3Schema,
  signupStep4Schema,
  signupStep5Schema,
  signupStep6Schema,
  signupStep7Schema,
] as const;

/** Clinic Book a Demo dialog: name, email and phone required (docs/product.md §2 Screens and routes). */
export const demoRequestSchema = z.object({
  name: f.requiredText('Name').max(200),
  email: f.email,
  phone: f.phone,
  prescriptions: z.string().max(2000).optional(),
});
export type DemoRequestInput = z.input<typeof demoRequestSchema>;

/** Landing contact form: name, email and state required, medication optional. */
export const contactFormSchema = z.object({
  name: f.requiredText('Name').max(200),
  email: f.email,
  medication: z.string().trim().max(200).optional(),
  state: f.state,
});
export type ContactFormInput = z.input<typeof contactFormSchema>;

/** The confirmation must repeat the new password; checked once both are typed, shown on the confirmation. */
const confirmMatches = {
  message: MESSAGES.passwordsDoNotMatch,
  path: ['confirmPassword'],
  when: (p: { value: unknown }) => {
    const v = p.value as { newPassword?: unknown; confirmPassword?: unknown };
    return typeof v.newPassword === 'string' && typeof v.confirmPassword === 'string' && v.confirmPassword !== '';
  },
};
const newPasswordFields = {
  newPassword: f.password,
  confirmPassword: z.string().min(1, FIELD_MESSAGES.confirmPassword),
};

/** Step 2 of forgot password: the code field accepts digits only, at most 6. */
export const resetCodeFormSchema = z
  .object({ code: z.string().regex(/^\d{6}$/, FIELD_MESSAGES.resetCodeDigits), ...newPasswordFields })
  .refine((v) => v.newPassword === v.confirmPassword, confirmMatches);

/** The emailed link's page /reset-password: the same password rules as the code flow (docs/product.md §7). */
export const resetLinkFormSchema = z
  .object(newPasswordFields)
  .refine((v) => v.newPassword === v.confirmPassword, confirmMatches);
export type ResetLinkFormInput = z.input<typeof resetLinkFormSchema>;

/** Dashboard Change password: the current password, then a new one under the same rules, confirmed. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z
      .string({ error: FIELD_MESSAGES.required('Current password') })
      .min(1, FIELD_MESSAGES.required('Current password'))
      .max(128),
    ...newPasswordFields,
  })
  .refine((v) => v.newPassword === v.confirmPassword, confirmMatches);
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

/**
 * Dashboard personal details (docs/product.md §7 Accounts): the form's own field names, gender and
 * marital status as lowercase-hyphenated values; marital status optional. Email is shown, not changed.
 */
export const profileFormSchema = z.object({
  firstName: f.firstName,
  lastName: f.lastName,
  phone: f.phone,
  email: f.email,
  dateOfBirth: f.dateOfBirth,
  gender: f.gender,
  maritalStatus: z.union([z.literal('').transform(() => null), f.maritalStatus]),
  address: f.street,
  city: f.city,
  state: f.state,
  zipCode: f.zip,
  preferredLanguage: z.enum(LANGUAGES),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

/** The dashboard's insurance add: a provider must be chosen. */
export const insuranceAddFormSchema = z.object({
  provider: z.string().trim().min(1, MESSAGES.insuranceProviderRequired).pipe(f.insuranceProvider),
});
export type InsuranceAddFormInput = z.input<typeof insuranceAddFormSchema>;

/** Dashboard Need Help: a message to support, POST /support/messages (docs/product.md §21). */
/** The longest subject of a message to support (a reply's "Re: {subject}" is cut to it). */
export const SUPPORT_SUBJECT_MAX = 200;
export const supportMessageSchema = z.object({
  subject: f.requiredText('Subject').max(SUPPORT_SUBJECT_MAX, FIELD_MESSAGES.tooLong('Subject', SUPPORT_SUBJECT_MAX)),
  message: z
    .string({ error: FIELD_MESSAGES.writeMessage })
    .trim()
    .min(1, FIELD_MESSAGES.writeMessage)
    .max(5000, FIELD_MESSAGES.tooLong('Message', 5000)),
});
export type SupportMessageInput = z.input<typeof supportMessageSchema>;
/** A navigator's reply to a patient's message to support, written in the console (docs/product.md §21). */
export const supportReplySchema = z.object({
  reply: f.requiredText('Reply').max(5000, FIELD_MESSAGES.tooLong('Reply', 5000)),
});
export type SupportReplyInput = z.input<typeof supportReplySchema>;
export type SupportReplyPayload = z.output<typeof supportReplySchema>;
export type SupportMessagePayload = z.output<typeof supportMessageSchema>;
