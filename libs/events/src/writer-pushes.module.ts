import { Inject, Injectable, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { liveChannel, REDIS, SETTINGS, type Settings } from '@rxbridge/platform';
import { outboxWakeChannel } from './queues';
import { WriterPushes } from './writer-pushes';

/** Attaches WriterPushes to the process's DataSource: its writes' pushes follow their commits. */
@Injectable()
class WriterPushesAttachment implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('WriterPushes');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onModuleInit() {
    const channel = { live: liveChannel(this.settings), wake: outboxWakeChannel(this.settings.REDIS_PREFIX) };
    WriterPushes.attach(this.db, this.redis, channel, (err) =>
      this.logger.warn({ err }, 'a push was left to the outbox relay'),
    );
  }

  onApplicationShutdown() {
    WriterPushes.detach(this.db);
  }
}

/** Imported by the API and the worker (docs/architecture.md §8 Real time). */
@Module({ providers: [WriterPushesAttachment] })
export class WriterPushesModule {}
