// The `data` of each route's answer (docs/architecture.md §5): the API attaches one of these to every controller
// method, the OpenAPI document describes its answers from them, and the e2e tests check every answer against them.
// The views they hold live beside their requests (records, applications, billing...).
import { z } from 'zod';
import { authResultSchema, publicUserSchema } from './api';
import { adminApplicationViewSchema, applicationViewSchema } from './applications';
import { paymentViewSchema, subscriptionViewSchema } from './billing';
import { isoTime } from './fields';
import { prescriberRequestStatusSchema, prescriberSigningViewSchema } from './prescriber';
import { queueCountsSchema, queueJobViewSchema } from './queue-health';
import {
  doctorViewSchema,
  documentViewSchema,
  insuranceViewSchema,
  paginationSchema,
  prescriptionViewSchema,
  subscriptionUpdateSchema,
  supportMessageViewSchema,
} from './records';

/** A done action with nothing to show (deletes, emails sent): `{ success: true }`. */
export const okAnswerSchema = z.object({ success: z.literal(true) });
/** A done action whose envelope's message says it all (logout, password changed). */
export const emptyAnswerSchema = z.object({});

// Accounts (docs/product.md §7 Accounts).
/** POST /users/signup-complete: a fresh access token for the same session, and the user. */
export const signupCompleteAnswerSchema = authResultSchema.omit({ refreshToken: true });
export type SignupCompleteAnswer = z.infer<typeof signupCompleteAnswerSchema>;
export const profileAnswerSchema = z.object({ user: publicUserSchema });
/**
 * POST /auth/verify-email: a status; the first, valid verification also names the account it verified
 * (id, email, emailVerified), nothing more (docs/product.md §7.4).
 */
export const verifyEmailAnswerSchema = z.object({
  status: z.enum(['verified', 'already-verified']),
  alreadyVerified: z.boolean(),
  user: z.object({ id: z.uuid(), email: z.string(), emailVerified: z.literal(true) }).optional(),
});
export type VerifyEmailAnswer = z.infer<typeof verifyEmailAnswerSchema>;

// Records (docs/product.md §6 Records).
export const doctorsAnswerSchema = z.object({ doctors: z.array(doctorViewSchema) });
export const doctorAnswerSchema = z.object({ doctor: doctorViewSchema });
export const prescriptionsAnswerSchema = z.object({ prescriptions: z.array(prescriptionViewSchema) });
/** POST /prescriptions/bulk: the rows added and what the patient must do for billing now (null: nothing). */
export const prescriptionsAddedAnswerSchema = prescriptionsAnswerSchema.extend({
  subscriptionUpdate: subscriptionUpdateSchema.nullable(),
});
export type PrescriptionsAddedAnswer = z.infer<typeof prescriptionsAddedAnswerSchema>;
export const prescriptionAnswerSchema = z.object({ prescription: prescriptionViewSchema });
export const insurancesAnswerSchema = z.object({ insurances: z.array(insuranceViewSchema) });
export const insuranceAnswerSchema = z.object({ insurance: insuranceViewSchema });
export const documentsPageAnswerSchema = z.object({
  documents: z.array(documentViewSchema),
  pagination: paginationSchema,
});
export type DocumentsPageAnswer = z.infer<typeof documentsPageAnswerSchema>;
export const documentAnswerSchema = z.object({ document: documentViewSchema });
/** GET /documents/{id}/access: a signed link to the file, valid until expiresAt. */
export const documentAccessAnswerSchema = z.object({ accessUrl: z.string(), expiresAt: isoTime });
export type DocumentAccessAnswer = z.infer<typeof documentAccessAnswerSchema>;
/** GET /support/messages: the patient's latest messages to support, newest first (docs/product.md §21). */
export const supportMessagesAnswerSchema = z.object({ messages: z.array(supportMessageViewSchema) });
export type SupportMessagesAnswer = z.infer<typeof supportMessagesAnswerSchema>;
export const supportMessageAnswerSchema = z.object({ message: supportMessageViewSchema });

// Applications and packets (docs/product.md §5, §8, §16).
export const applicationsAnswerSchema = z.object({ applications: z.array(applicationViewSchema) });
export const applicationAnswerSchema = z.object({ application: applicationViewSchema });
export const adminApplicationAnswerSchema = z.object({ application: adminApplicationViewSchema });
export const prescriberRequestAnswerSchema = z.object({ prescriberRequest: prescriberRequestStatusSchema });
export const prescriberSigningAnswerSchema = z.object({ signing: prescriberSigningViewSchema });
export const prescriberSignedAnswerSchema = z.object({ signed: z.literal(true) });

// Billing (docs/product.md §4 Subscriptions).
export const checkoutAnswerSchema = z.object({ checkoutUrl: z.string() });
export const subscriptionsAnswerSchema = z.object({ subscriptions: z.array(subscriptionViewSchema) });
export const subscriptionAnswerSchema = z.object({ subscription: subscriptionViewSchema });
export const paymentsPageAnswerSchema = z.object({
  payments: z.array(paymentViewSchema),
  pagination: paginationSchema,
});
export type PaymentsPageAnswer = z.infer<typeof paymentsPageAnswerSchema>;
/** POST /payments/webhook: duplicate when Stripe sent an event already handled. */
export const webhookAnswerSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

// Queue health for admins (docs/product.md §8).
export const queuesAnswerSchema = z.object({ queues: z.array(queueCountsSchema) });
export const queueJobAnswerSchema = z.object({ job: queueJobViewSchema });
/** POST /admin/queues/board-session: where Bull Board is, and for how many seconds its cookie lasts. */
export const queueBoardSessionAnswerSchema = z.object({ url: z.string(), expiresIn: z.number().int() });

// Site settings and health (docs/product.md §9 Site settings).
/** GET /config: the web app's runtime settings. */
export const siteConfigAnswerSchema = z.object({
  appName: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  maintenanceMode: z.boolean(),
  chatWidgetSrc: z.string().nullable(),
  /** The idle logoff limits, in seconds, per kind of user (docs/product.md §7). */
  sessionIdleSeconds: z.object({ staff: z.number().int(), patient: z.number().int() }),
});
export type SiteConfigAnswer = z.infer<typeof siteConfigAnswerSchema>;
export const maintenanceUnlockAnswerSchema = z.object({ unlocked: z.literal(true) });
const probe = z.object({ status: z.enum(['up', 'down']), latencyMs: z.number().int() });
/** GET /health: 200 when PostgreSQL and Redis answer, 503 (same shape, degraded) otherwise. */
export const healthAnswerSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: probe,
  redis: probe,
  uptimeSeconds: z.number().int(),
});
/** GET /health/live: 200 while the process can answer at all (docs/architecture.md §1 Processes). */
export const healthLiveAnswerSchema = z.object({ status: z.literal('ok') });
const indicator = z.object({ status: z.enum(['up', 'down']), message: z.string().optional() });
const indicators = z.record(z.string(), indicator);
/**
 * GET /health/ready (@nestjs/terminus's result): 200 when every dependency answers; 503 with `error`
 * naming the ones that did not, or `shutting_down` from the moment the process was told to stop.
 */
export const healthReadyAnswerSchema = z.object({
  status: z.enum(['ok', 'error', 'shutting_down']),
  info: indicators,
  error: indicators,
  details: indicators,
});
export type HealthReadyAnswer = z.infer<typeof healthReadyAnswerSchema>;
