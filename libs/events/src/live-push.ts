import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { ServerToClientEvents } from '@rxbridge/contracts';
import { inSpan, SpanKind, type LiveChannel, type TraceCarrier } from '@rxbridge/platform';

/** A socket push: an event and its payload for every socket in the rooms (docs/architecture.md §8). */
export type LivePush = {
  [E in keyof ServerToClientEvents]: { rooms: string[]; event: E; data: Parameters<ServerToClientEvents[E]>[0] };
}[keyof ServerToClientEvents];

/**
 * An API process's own Socket.IO, which a writer in that process delivers to directly: its Redis
 * adapter then skips the copy that comes back through Redis, recognised by the adapter's id
 * (docs/architecture.md §8 Real time, §15 Performance).
 */
export interface LocalSockets {
  /** The Redis adapter's id, which the messages this process publishes carry. */
  uid: string;
  /** The classic adapter's encoding of a message (its parser); the sharded adapter reads JSON. */
  encode(message: unknown[]): unknown;
  /** Emits the push to this process's sockets in its rooms, and to no other process's. */
  deliver(push: LivePush): void;
}

/**
 * Publishes a push through Redis to every API process's Socket.IO (their Redis adapter listens on
 * `channel`). Resolves once Redis took it, and rejects when it did not, so the caller retries: pushes
 * are signals a client may receive twice. A span of the trace it belongs to: the active one, or
 * `parent`'s (docs/architecture.md §13 Tracing). `from`: the process's own sockets already have it.
 */
export function publishLive(
  redis: Redis,
  channel: LiveChannel,
  push: LivePush,
  parent: TraceCarrier | null = null,
  from?: Pick<LocalSockets, 'uid' | 'encode'>,
): Promise<void> {
  const attributes = { 'rxbridge.socket.event': push.event, 'rxbridge.socket.rooms': push.rooms.length };
  return inSpan(`socket push ${push.event}`, { kind: SpanKind.PRODUCER, attributes, parent }, () =>
    channel.sharded
      ? publishSharded(redis, channel.key, push, from?.uid ?? 'emitter')
      : publishClassic(redis, channel.key, push, from),
  );
}

/** Through @socket.io/redis-emitter, on the classic adapter's channel. */
async function publishClassic(
  redis: Redis,
  key: string,
  push: LivePush,
  from?: Pick<LocalSockets, 'uid' | 'encode'>,
): Promise<void> {
  // The emitter publishes without awaiting; this client hands each publish back so errors surface.
  const published: Promise<unknown>[] = [];
  const client = {
    publish: (name: string, message: Buffer | string) => {
      const p = redis.publish(name, message);
      published.push(p);
      return p;
    },
  };
  // The emitter signs what it publishes 'emitter'; from a process with sockets, the adapter's id.
  const parser = from && { encode: ([, ...rest]: unknown[]) => from.encode([from.uid, ...rest]) };
  const emitter = new Emitter<ServerToClientEvents>(client, { key, ...(parser && { parser }) });
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
async function publishSharded(redis: Redis, key: string, push: LivePush, uid: string): Promise<void> {
  const channel = `${key}#/#${push.rooms.length === 1 ? `${push.rooms[0]}#` : ''}`;
  const message = {
    uid,
    nsp: '/',
    type: BROADCAST,
    data: {
      packet: { type: EVENT_PACKET, data: [push.event, push.data], nsp: '/' },
      opts: { rooms: push.rooms, except: [], flags: {} },
    },
  };
  await redis.spublish(channel, JSON.stringify(message));
}
