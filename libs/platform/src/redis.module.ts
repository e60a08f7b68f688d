import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { SETTINGS } from './settings.module';
import type { Settings } from './settings';

export const REDIS = Symbol('REDIS');

/** One shared connection; BullMQ needs maxRetriesPerRequest null on the connections it blocks on. */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
}

@Global()
@Module({
  providers: [{ provide: REDIS, inject: [SETTINGS], useFactory: (s: Settings) => createRedis(s.REDIS_URL) }],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
