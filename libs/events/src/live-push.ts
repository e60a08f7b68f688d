import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { ServerToClientEvents } from '@rxbridge/contracts';
import { inSpan, SpanKind, type LiveChannel, type TraceCarrier } from '@rxbridge/platform';

/** A socket push: an event and its payload for every socket in the rooms (docs/architecture.md §8). */
export type LivePush = {
  [E in keyof ServerToClientEvents]: { rooms: string[]; event: E; data: Parameters<ServerToClientEvents[E]>[0] };
}[keyof ServerToClientEvents];

/**
 * Publishes a push through Redis to every API process's Socket.IO (their Redis adapter listens on
 * `channel`). Resolves once Redis took it, and rejects when it did not, so the caller retries: pushes
 * are signals a client may receive twice. A span of the trace it belongs to: the active one, or
 * `parent`'s (docs/architecture.md §13 Tracing).
 */
export function publishLive(
  redis: Redis,
  channel: LiveChannel,
  push: LivePush,
  parent: TraceCarrier | null = null,
): Promise<void> {
  const attributes = { 'rxbridge.socket.event': push.event, 'rxbridge.socket.rooms': push.rooms.length };
  return inSpan(`socket push ${push.event}`, { kind: SpanKind.PRODUCER, attributes, parent }, () =>
    channel.sharded ? publishSharded(redis, channel.key, push) : publishClassic(redis, channel.key, push),
  );
}

/** Through @socket.io/redis-emitter, on the classic adapter's channel. */
async function publishClassic(redis: Redis, key: string, push: LivePush): Promise<void> {
  // The emitter publishes without awaiting; this client hands each publish back so errors surface.
  const published: Promise<unknown>[] = [];
  const client = {
    publish: (name: string, message: Buffer | string) => {
      const p = redis.publish(name, message);
      published.push(p);
      return p;
    },
  };
  const emitter = new Emitter<ServerToClientEvents>(client, { key });
  (emitter.to(push.rooms).emit as (ev: string, ...args: unknown[]) => boolean)(push.event, push.data);
  await Promise.all(published);
}

/** socket.io-adapter's ClusterAdapter message type of a broadcast, and socket.io-parser's EVENT packet. */
const BROADCAST = 3;
const EVENT_PACKET = 2;

/**
 * The sharded adapter (@socket.io/redis-adapter's createShardedAdapter) has no emitter: this sends
 * the broadcast message it exchanges between servers, as JSON (pushes carry no binary), with
 * SPUBLISH on the channel it would choose: a room's own channel for one room, else the namespace's.
 */
async function publishSharded(redis: Redis, key: string, push: LivePush): Promise<void> {
  const channel = `${key}#/#${push.rooms.length === 1 ? `${push.rooms[0]}#` : ''}`;
  const message = {
    uid: 'emitter',
    nsp: '/',
    type: BROADCAST,
    data: {
      packet: { type: EVENT_PACKET, data: [push.event, push.data], nsp: '/' },
      opts: { rooms: push.rooms, except: [], flags: {} },
    },
  };
  await redis.spublish(channel, JSON.stringify(message));
}
