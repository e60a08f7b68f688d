import type { SocketApplicationUpdated, SocketPaymentUpdated, SocketSubscriptionUpdated } from './api';

/** Socket.IO events pushed to the browser: name -> payload, shared by server and web. */
export const SOCKET_EVENTS = {
  subscriptionUpdated: 'subscription.updated',
  paymentUpdated: 'payment.updated',
  applicationUpdated: 'application.updated',
} as const;

export interface ServerToClientEvents {
  [SOCKET_EVENTS.subscriptionUpdated]: (payload: SocketSubscriptionUpdated) => void;
  [SOCKET_EVENTS.paymentUpdated]: (payload: SocketPaymentUpdated) => void;
  [SOCKET_EVENTS.applicationUpdated]: (payload: SocketApplicationUpdated) => void;
}

/** What the client sends in the handshake: `io(url, { auth: { token, since } })`. */
export interface SocketHandshakeAuth {
  token: string;
  /** ISO time of the last event seen: the server replays the patient's changes after it. */
  since?: string;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const NAVIGATORS_ROOM = 'navigators';
