import { Inject, Injectable } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { REDIS, SETTINGS, socketIoKey, type Settings } from '@rxbridge/platform';
import {
  NAVIGATORS_ROOM,
  SOCKET_EVENTS,
  userRoom,
  type ServerToClientEvents,
  type SocketApplicationUpdated,
  type SocketPaymentUpdated,
  type SocketSubscriptionUpdated,
} from '@rxbridge/contracts';

/**
 * The one place the worker pushes to browsers: through Redis to every API process's Socket.IO
 * (their Redis adapter listens on the same key). Pushes are signals the client may receive twice;
 * a failed publish fails the job, which is retried.
 */
@Injectable()
export class RealtimePublisher {
  private readonly key: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) settings: Settings,
  ) {
    this.key = socketIoKey(settings.REDIS_PREFIX);
  }

  /** To the patient's room and the navigators'. */
  applicationUpdated(update: SocketApplicationUpdated): Promise<void> {
    return this.publish([userRoom(update.userId), NAVIGATORS_ROOM], SOCKET_EVENTS.applicationUpdated, update);
  }

  subscriptionUpdated(userId: string, update: SocketSubscriptionUpdated): Promise<void> {
    return this.publish([userRoom(userId)], SOCKET_EVENTS.subscriptionUpdated, update);
  }

  paymentUpdated(userId: string, update: SocketPaymentUpdated): Promise<void> {
    return this.publish([userRoom(userId)], SOCKET_EVENTS.paymentUpdated, update);
  }

  private async publish<E extends keyof ServerToClientEvents>(
    rooms: string[],
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): Promise<void> {
    // The emitter publishes without awaiting; this client hands each publish back so errors surface.
    const published: Promise<unknown>[] = [];
    const client = {
      publish: (channel: string, message: Buffer | string) => {
        const p = this.redis.publish(channel, message);
        published.push(p);
        return p;
      },
    };
    const emitter = new Emitter<ServerToClientEvents>(client, { key: this.key });
    (emitter.to(rooms).emit as (ev: string, ...args: unknown[]) => boolean)(event, payload);
    await Promise.all(published);
  }
}
