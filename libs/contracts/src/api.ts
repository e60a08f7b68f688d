import { z } from 'zod';
import {
  LANGUAGES,
  PLAN_TIERS,
  ROLES,
  type ApplicationState,
  type PaymentStatus,
  type SubscriptionStatus,
} from './enums';
import { isoDay, isoTime } from './fields';

/** Every answer of the API (docs/product.md §10 API). */
export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
}
export interface ApiErrorBody {
  code: string;
  message: string;
  /** Field path -> message, for validation failures. */
  fields?: Record<string, string>;
  /** The readable items still missing (409 packet-incomplete, docs/product.md §17). */
  missing?: string[];
  requestId?: string;
}
export interface ApiFailure {
  success: false;
  message: string;
  error: ApiErrorBody;
}
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

/** The user as login, signup and profile answers carry it: never a password hash. */
export const publicUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  dateOfBirth: isoDay,
  gender: z.string(),
  maritalStatus: z.string().nullable(),
  mailingStreet: z.string(),
  mailingCity: z.string(),
  mailingState: z.string(),
  mailingZip: z.string(),
  role: z.enum(ROLES),
  tier: z.enum(PLAN_TIERS),
  emailVerified: z.boolean(),
  preferredLanguage: z.enum(LANGUAGES),
  prescriptionCount: z.number().int(),
  createdAt: isoTime,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** A session's tokens: POST /auth/refresh; login and signup add the user. */
export const sessionTokensSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
});
export const authResultSchema = sessionTokensSchema.extend({
  user: publicUserSchema,
  checkoutUrl: z.string().nullish(),
});
export type AuthResult = z.infer<typeof authResultSchema>;

export interface SocketSubscriptionUpdated {
  subscriptionId: string;
  status: SubscriptionStatus;
  totalAmount: number;
  prescriptionCount: number;
}
export interface SocketPaymentUpdated {
  paymentId: string;
  subscriptionId: string;
  status: PaymentStatus;
  amount: number;
}
/**
 * A signal that one application changed: enough for a card or a toast; the client refetches
 * GET /applications for the timeline. transitionId (the timeline entry's; null for a re-screening and for a
 * checklist item marked) lets a client drop the repeat when a catch-up replays an event it already saw.
 */
export interface SocketApplicationUpdated {
  applicationId: string;
  userId: string;
  prescriptionId: string;
  medication: string;
  state: ApplicationState;
  stateLabel: string;
  nextStep: string;
  previousState: ApplicationState | null;
  transitionId: string | null;
  /** ISO time of the change; a reconnecting client sends the last one it saw as auth.since. */
  at: string;
}

/**
 * What the navigators' room hears of a change of any application (docs/architecture.md §9): ids only, never the
 * medication nor the state, so no patient's data reaches a staff screen unaudited. The console reads what it shows
 * through the audited API: the queue again, and for a newly opened application (`opened`) the application itself
 * before it announces it.
 */
export interface SocketApplicationChanged {
  applicationId: string;
  userId: string;
  /** The timeline entry's id (null for a re-screening or a checklist mark): a repeat is not announced twice. */
  transitionId: string | null;
  /** The change opened the application (it had no state before). */
  opened: boolean;
}
