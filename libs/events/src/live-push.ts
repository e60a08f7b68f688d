import { encode } from 'notepack.io';
import type { Redis } from 'ioredis';
import type { ServerToClientEvents } from '@rxbridge/contracts';
import { inSpan, SpanKind, type LiveChannel, type TraceCarrier } from '@rxbridge/platform';

/** An event and its payload for every socket in the rooms. */
export type LiveMessage = {
  [E in keyof ServerToClientEvents]: { rooms: string[]; event: E; data: Parameters<ServerToClientEvents[E]>[0] };
}[keyof ServerToClientEvents];

/**
 * A change's socket push (docs/architecture.md §8): one message, or several published together when rooms must hear
 * different things (an application's patient hears it whole, the navigators' room its ids only, §9).
 */
export type LivePush = LiveMessage | LiveMessage[];

/** The messages of a push, in order. */
export const liveMessages = (push: LivePush): LiveMessage[] => (Array.isArray(push) ? push : [push]);

/**
 * The sender named on a push published by a process without sockets (the worker, the relay):
 * every API process's adapter delivers it. An API process names its own adapter instead
 * (LocalSockets), so its adapter skips what it already delivered.
 */
export const EMITTER = 'emitter';

/**
 * Publishes a push through Redis to every API process's Socket.IO (their Redis adapter listens on
 * `channel`), as `sender`. Resolves once Redis took it, and rejects when it did not, so the caller
 * retries: pushes are signals a client may receive twice. A span of the trace it belongs to: the
 * active one, or `parent`'s (docs/architecture.md §13 Tracing).
 */
export function publishLive(
  redis: Redis,
  channel: LiveChannel,
  push: LivePush,
  parent: TraceCarrier | null = null,
  sender: string = EMITTER,
): Promise<void> {
  const messages = liveMessages(push);
  const event = messages[0].event;
  const attributes = { 'rxbridge.socket.event': event, 'rxbridge.socket.messages': messages.length };
  return inSpan(`socket push ${event}`, { kind: SpanKind.PRODUCER, attributes, parent }, async () => {
    const publish = channel.sharded ? publishSharded : publishClassic;
    await Promise.all(messages.map((message) => publish(redis, channel.key, message, sender)));
  });
}

/** socket.io-adapter's ClusterAdapter message type of a broadcast, and socket.io-parser's EVENT packet. */
const BROADCAST = 3;
const EVENT_PACKET = 2;

/** The adapters' broadcast channel: a room's own for one room, else the namespace's. */
const broadcastChannel = (key: string, rooms: string[]) => `${key}#/#${rooms.length === 1 ? `${rooms[0]}#` : ''}`;

/**
 * The classic adapter's message, as @socket.io/redis-emitter sends it but with the sender's id:
 * [sender, packet, options] in MessagePack.
 */
async function publishClassic(redis: Redis, key: string, push: LiveMessage, sender: string): Promise<void> {
  const packet = { type: EVENT_PACKET, data: [push.event, push.data], nsp: '/' };
  const message = encode([sender, packet, { rooms: push.rooms, flags: {}, except: [] }]);
  await redis.publish(broadcastChannel(key, push.rooms), message);
}

/**
 * The sharded adapter (@socket.io/redis-adapter's createShardedAdapter) has no emitter: this sends
 * the broadcast message it exchanges between servers, as JSON (pushes carry no binary), with
 * SPUBLISH on the channel it would choose.
 */
async function publishSharded(redis: Redis, key: string, push: LiveMessage, sender: string): Promise<void> {
  const message = {
    uid: sender,
    nsp: '/',
    type: BROADCAST,
    data: {
      packet: { type: EVENT_PACKET, data: [push.event, push.data], nsp: '/' },
      opts: { rooms: push.rooms, except: [], flags: {} },
    },
  };
  await redis.spublish(broadcastChannel(key, push.rooms), JSON.stringify(message));
}
