import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { liveChannel, REDIS, SETTINGS, type Settings } from '@rxbridge/platform';
import { OutboxRelay, outboxWakeChannel } from '@rxbridge/events';

/** Runs the outbox relay inside the worker process. */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  readonly relay: OutboxRelay;

  constructor(@InjectDataSource() db: DataSource, @Inject(SETTINGS) settings: Settings, @Inject(REDIS) redis: Redis) {
    this.relay = new OutboxRelay({
      dataSource: db,
      wakeChannel: outboxWakeChannel(settings.REDIS_PREFIX),
      connection: redis,
      prefix: settings.REDIS_PREFIX,
      liveKey: liveChannel(settings),
      logger: this.logger,
    });
  }

  onApplicationBootstrap() {
    return this.relay.start();
  }

  onApplicationShutdown() {
    return this.relay.stop();
  }
}
