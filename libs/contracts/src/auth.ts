import { z } from 'zod';
import * as f from './fields';
import { FIELD_MESSAGES } from './field-messages';
import { MESSAGES } from './messages';
import { coverageAnswersShape } from './coverage';
import { LANGUAGES } from './enums';

/** Doctor as entered in signup step 4: names and address required, the rest optional. */
export const signupDoctorSchema = z.object({
  firstName: f.firstName,
  lastName: f.lastName,
  specialty: f.specialty.optional(),
  phone: f.optionalPhone,
  doctorAddress: f.requiredText('Address').max(300, FIELD_MESSAGES.tooLong('Address', 300)),
  npiNumber: f.npiNumber,
});

/**
 * Prescription as entered in signup step 6: medication required. Each limit says its field, as the records' own
 * prescription does: the wizard shows these messages under the draft's fields, in the patient's language.
 */
export const signupPrescriptionSchema = z.object({
  medication: f.requiredText('Medication').max(200, FIELD_MESSAGES.tooLong('Medication', 200)),
  dosage: z.string().trim().max(100, FIELD_MESSAGES.tooLong('Dosage', 100)).optional(),
  frequency: f.frequency.optional().or(z.literal('').transform(() => undefined)),
});

/** Insurance as entered in signup step 7: the provider, and the kind of plan when answered (docs/product.md §6.3). */
export const signupInsuranceSchema = z.object({ provider: f.insuranceProvider, ...coverageAnswersShape });

export const signupSchema = z
  .object({
    firstName: f.firstName,
    lastName: f.lastName,
    email: f.email,
    phone: f.phone,
    dateOfBirth: f.dateOfBirth,
    password: f.password,
    confirmPassword: z.string().optional(),
    gender: f.gender,
    maritalStatus: f.maritalStatus,
    mailingStreet: f.street,
    mailingCity: f.city,
    mailingState: f.state,
    mailingZip: f.zip,
    // Signup can only ever create a patient: the field is accepted and ignored.
    role: z.unknown().optional(),
    tier: f.tier,
    doctors: z.array(signupDoctorSchema).max(20, FIELD_MESSAGES.atMost(20, 'doctors')).default([]),
    prescriptions: z.array(signupPrescriptionSchema).max(30, FIELD_MESSAGES.atMost(30, 'prescriptions')).default([]),
    insurances: z.array(signupInsuranceSchema).max(5, FIELD_MESSAGES.atMost(5, 'insurance plans')).default([]),
    prescriptionCount: z.unknown().optional(),
    // The language the patient signed up in; emails and the API's messages follow it. Absent: English.
    preferredLanguage: z.enum(LANGUAGES).default('en'),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SignupInput = z.input<typeof signupSchema>;
export type SignupPayload = z.output<typeof signupSchema>;

export const loginSchema = z.object({
  email: f.email,
  password: z
    .string({ error: FIELD_MESSAGES.required('Password') })
    .min(1, FIELD_MESSAGES.required('Password'))
    .max(128, FIELD_MESSAGES.tooLong('Password', 128)),
});
export type LoginInput = z.input<typeof loginSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: FIELD_MESSAGES.required('Current password') })
    .min(1, FIELD_MESSAGES.required('Current password'))
    .max(128, FIELD_MESSAGES.tooLong('Current password', 128)),
  newPassword: f.password,
});

export const forgotPasswordSchema = z.object({ email: f.email });

export const resetCode = z
  .string({ error: FIELD_MESSAGES.required('Reset code') })
  .trim()
  .regex(/^\d{6}$/, FIELD_MESSAGES.resetCodeDigits);
export const resetPasswordWithCodeSchema = z.object({ email: f.email, code: resetCode, newPassword: f.password });
export const resetPasswordWithTokenSchema = z.object({
  token: f.requiredText('Reset token').max(500),
  newPassword: f.password,
});

/** POST /users/logout: the refresh token too, so a tab whose access token expired can still sign out. */
export const logoutSchema = z.object({ refreshToken: z.string().trim().max(500).optional() });

/**
 * POST /auth/refresh: API clients send the token in the body; the web app sends none and the
 * HttpOnly refresh cookie is used (docs/architecture.md §9).
 */
export const refreshSchema = z.object({
  refreshToken: f.requiredText('Refresh token').max(500).optional(),
});

export const verifyEmailSchema = z.object({
  token: z.string({ error: MESSAGES.noVerificationToken }).trim().min(1, MESSAGES.noVerificationToken).max(500),
});

/** Profile as the dashboard sends it (docs/product.md §7 Accounts); email is not changed through this form. */
export const profileUpdateSchema = z
  .object({
    firstName: f.firstName,
    lastName: f.lastName,
    phone: f.phone,
    dateOfBirth: f.dateOfBirth,
    mailingStreet: f.street,
    mailingCity: f.city,
    mailingState: f.state,
    mailingZip: f.zip,
    gender: f.gender,
    maritalStatus: f.maritalStatus.nullish(),
    preferredLanguage: z.enum(LANGUAGES),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: MESSAGES.noChanges });
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
