import type { Settings } from './settings';

/**
 * The Redis channel prefix of Socket.IO: the API's Redis adapter listens on it and the worker's
 * emitter publishes on it, under REDIS_PREFIX so deployments sharing one Redis stay apart.
 */
export const socketIoKey = (redisPrefix: string) => `${redisPrefix}:socket.io`;

/**
 * Where a push is published for the API processes' Socket.IO adapter to hear: its key, and whether
 * the adapter listens with sharded pub/sub (SOCKET_ADAPTER=sharded; docs/architecture.md §11).
 */
export interface LiveChannel {
  key: string;
  sharded: boolean;
}

export const liveChannel = (s: Pick<Settings, 'REDIS_PREFIX' | 'SOCKET_ADAPTER'>): LiveChannel => ({
  key: socketIoKey(s.REDIS_PREFIX),
  sharded: s.SOCKET_ADAPTER === 'sharded',
});
