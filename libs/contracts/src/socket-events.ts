import type {
  SocketApplicationChanged,
  SocketApplicationUpdated,
  SocketPaymentUpdated,
  SocketSubscriptionUpdated,
} from './api';

/** Socket.IO events pushed to the browser: name -> payload, shared by server and web. */
export const SOCKET_EVENTS = {
  subscriptionUpdated: 'subscription.updated',
  paymentUpdated: 'payment.updated',
  applicationUpdated: 'application.updated',
  /** The navigators' room's: ids only (SocketApplicationChanged). */
  applicationChanged: 'application.changed',
  sessionEnded: 'session.ended',
} as const;

/**
 * Why the server closed a live connection for good (docs/architecture.md §8): the session ended
 * (logout, password change, an ADMIN's change), the account was disabled or re-roled, or the
 * session passed its idle or absolute limit. The client must not reconnect with the same session.
 */
export const SESSION_ENDED_REASONS = ['ended', 'disabled', 'role-changed', 'idle', 'expired'] as const;
export type SessionEndedReason = (typeof SESSION_ENDED_REASONS)[number];
export interface SocketSessionEnded {
  reason: SessionEndedReason;
}

export interface ServerToClientEvents {
  [SOCKET_EVENTS.subscriptionUpdated]: (payload: SocketSubscriptionUpdated) => void;
  [SOCKET_EVENTS.paymentUpdated]: (payload: SocketPaymentUpdated) => void;
  [SOCKET_EVENTS.applicationUpdated]: (payload: SocketApplicationUpdated) => void;
  [SOCKET_EVENTS.applicationChanged]: (payload: SocketApplicationChanged) => void;
  [SOCKET_EVENTS.sessionEnded]: (payload: SocketSessionEnded) => void;
}

/** What the client sends in the handshake: `io(url, { auth: { token, since } })`. */
export interface SocketHandshakeAuth {
  token: string;
  /** ISO time of the last event seen: the server replays the patient's changes after it. */
  since?: string;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const NAVIGATORS_ROOM = 'navigators';
