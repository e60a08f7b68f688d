import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { ServerToClientEvents } from '@rxbridge/contracts';

/** A socket push: an event and its payload for every socket in the rooms (docs/architecture.md §8). */
export type LivePush = {
  [E in keyof ServerToClientEvents]: { rooms: string[]; event: E; data: Parameters<ServerToClientEvents[E]>[0] };
}[keyof ServerToClientEvents];

/**
 * Publishes a push through Redis to every API process's Socket.IO (their Redis adapter listens on
 * `key`). Resolves once Redis took it, and rejects when it did not, so the caller retries: pushes
 * are signals a client may receive twice.
 */
export async function publishLive(redis: Redis, key: string, push: LivePush): Promise<void> {
  // The emitter publishes without awaiting; this client hands each publish back so errors surface.
  const published: Promise<unknown>[] = [];
  const client = {
    publish: (channel: string, message: Buffer | string) => {
      const p = redis.publish(channel, message);
      published.push(p);
      return p;
    },
  };
  const emitter = new Emitter<ServerToClientEvents>(client, { key });
  (emitter.to(push.rooms).emit as (ev: string, ...args: unknown[]) => boolean)(push.event, push.data);
  await Promise.all(published);
}
