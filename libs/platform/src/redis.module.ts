import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { SETTINGS } from './settings.module';
import type { Settings } from './settings';

export const REDIS = Symbol('REDIS');

/**
 * One shared connection that fails fast (docs/architecture.md §6 Outages): while Redis is down or
 * frozen a command errors at once (no offline queue) or after 5 s (a command timeout), instead of
 * waiting for Redis to return. A request then answers 503, the relay leaves its rows for the next
 * pass; ioredis reconnects by itself. Connections that block (BullMQ workers, Socket.IO pub/sub)
 * are made with `blockingRedis`.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    enableReadyCheck: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 5_000,
  });
}

/** A connection of its own for blocking commands and subscriptions, which wait for Redis to return. */
export function blockingRedis(shared: Redis): Redis {
  return shared.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined });
}

/** Resolves once the connection is ready: with no offline queue, a command sent before would fail. */
async function connected(redis: Redis): Promise<Redis> {
  if (redis.status !== 'ready') await new Promise((ready) => redis.once('ready', ready));
  return redis;
}

@Global()
@Module({
  providers: [{ provide: REDIS, inject: [SETTINGS], useFactory: (s: Settings) => connected(createRedis(s.REDIS_URL)) }],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
