import { io, type Socket } from 'socket.io-client';
import type { ServerToClientEvents } from '@rxbridge/contracts';

export type ClientSocket = Socket<ServerToClientEvents>;

/** A socket.io-client connection as the browser opens it; rejects with the server's refusal. */
export function connectSocket(baseUrl: string, auth: Record<string, unknown> | undefined): Promise<ClientSocket> {
  const socket: ClientSocket = io(baseUrl, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}
