import { randomUUID } from 'node:crypto';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { socketIoKey } from '@rxbridge/platform';
import type { ServerToClientEvents, SocketApplicationUpdated } from '@rxbridge/contracts';
import { SOCKET_EVENTS } from '@rxbridge/contracts';
import { waitForQueuesIdle } from './idle';
import type { TestStack } from './stack';

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

/**
 * A patient's socket that behaves as the web app's (apps/web/src/lib/live/live-connection.tsx):
 * when the server ends it, it reconnects with `since` set to the last change seen, so the server
 * replays what was missed. `updates` holds every application.updated received across connections;
 * `serverDisconnects` counts the times the server asked it to reconnect.
 */
export async function reconnectingPatientSocket(baseUrl: string, token: string) {
  const updates: SocketApplicationUpdated[] = [];
  let serverDisconnects = 0;
  const since = () => updates.reduce<string | undefined>((last, u) => (!last || u.at > last ? u.at : last), undefined);
  const socket: ClientSocket = io(baseUrl, {
    auth: (cb) => cb({ token, ...(since() && { since: since() }) }),
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  socket.on(SOCKET_EVENTS.applicationUpdated, (u) => updates.push(u));
  socket.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect') return;
    serverDisconnects += 1;
    socket.connect();
  });
  // A reconnect the server refuses (`unavailable` while its Redis is still coming back) is tried
  // again after a pause, as the web app's live connection does, until the test closes the socket.
  let closed = false;
  const disconnect = socket.disconnect.bind(socket);
  socket.disconnect = () => {
    closed = true;
    return disconnect();
  };
  socket.on('connect_error', () => {
    if (serverDisconnects === 0 || socket.active) return;
    setTimeout(() => closed || socket.connect(), 100);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, updates, serverDisconnects: () => serverDisconnects };
}

/** Not a product event: a test's marker, sent to one socket's own room. */
const BARRIER = 'test.barrier';

/**
 * Resolves once every push the worker has made so far has reached these sockets, for a test that
 * then checks a socket received nothing (more). The queues going idle means the worker published
 * every push; a marker published after them through the same Redis channel prefix reaches each
 * socket after them (Redis delivers publishes in order, Socket.IO keeps a socket's order).
 */
export async function waitForPushesDelivered(stack: TestStack, sockets: ClientSocket[], timeoutMs = 5_000) {
  await waitForQueuesIdle(stack);
  const redis = new Redis(stack.settings.REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    const emitter = new Emitter<{ [BARRIER]: (token: string) => void }>(redis, {
      key: socketIoKey(stack.settings.REDIS_PREFIX),
    });
    await Promise.all(
      sockets.map((socket) => {
        const token = randomUUID();
        const marker = socket as unknown as Socket<{ [BARRIER]: (token: string) => void }>;
        const arrived = new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => {
            marker.off(BARRIER, onMarker);
            reject(new Error(`socket ${socket.id} did not receive the push barrier within ${timeoutMs} ms`));
          }, timeoutMs);
          function onMarker(received: string) {
            if (received !== token) return;
            clearTimeout(timer);
            marker.off(BARRIER, onMarker);
            resolve();
          }
          marker.on(BARRIER, onMarker);
        });
        emitter.to(socket.id!).emit(BARRIER, token);
        return arrived;
      }),
    );
  } finally {
    redis.disconnect();
  }
}
