import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { liveChannel, REDIS, SETTINGS, type LiveChannel, type Settings } from '@rxbridge/platform';
import { applicationPush } from '@rxbridge/applications';
import { publishLive } from '@rxbridge/events';
import {
  SOCKET_EVENTS,
  userRoom,
  type SocketApplicationUpdated,
  type SocketPaymentUpdated,
  type SocketSubscriptionUpdated,
} from '@rxbridge/contracts';

/**
 * Where the worker's handlers push to browsers: through Redis to every API process's Socket.IO
 * (their Redis adapter listens on the same key), for changes whose outbox row carried no push (the
 * relay published those). Pushes are signals the client may receive twice; a failed publish fails
 * the job, which is retried.
 */
@Injectable()
export class RealtimePublisher {
  private readonly key: LiveChannel;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) settings: Settings,
  ) {
    this.key = liveChannel(settings);
  }

  /** To the patient's room and the navigators'. */
  applicationUpdated(update: SocketApplicationUpdated): Promise<void> {
    return publishLive(this.redis, this.key, applicationPush(update));
  }

  subscriptionUpdated(userId: string, data: SocketSubscriptionUpdated): Promise<void> {
    return publishLive(this.redis, this.key, {
      rooms: [userRoom(userId)],
      event: SOCKET_EVENTS.subscriptionUpdated,
      data,
    });
  }

  paymentUpdated(userId: string, data: SocketPaymentUpdated): Promise<void> {
    return publishLive(this.redis, this.key, { rooms: [userRoom(userId)], event: SOCKET_EVENTS.paymentUpdated, data });
  }
}
