import type { ApplicationState, PlanTier, Role, SubscriptionStatus, PaymentStatus } from './enums';

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
  requestId?: string;
}
export interface ApiFailure {
  success: false;
  message: string;
  error: ApiErrorBody;
}
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

/** The user as login, signup and profile answers carry it: never a password hash. */
export interface PublicUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  gender: string;
  maritalStatus: string | null;
  mailingStreet: string;
  mailingCity: string;
  mailingState: string;
  mailingZip: string;
  role: Role;
  tier: PlanTier;
  emailVerified: boolean;
  prescriptionCount: number;
  createdAt: string;
}

export interface AuthResult {
  token: string;
  refreshToken: string;
  expiresIn: number;
  user: PublicUser;
  checkoutUrl?: string | null;
}

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
 * GET /applications for the timeline. transitionId (null for checklist changes) lets a client drop
 * the repeat when a catch-up replays an event it already saw.
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
