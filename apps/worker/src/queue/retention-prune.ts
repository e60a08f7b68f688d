import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS, SETTINGS, type Settings } from '@rxbridge/platform';
import { QUEUES } from '@rxbridge/events';
import { pruneRowsBefore } from '@rxbridge/database';
import { declareTick } from './scheduled-tick';
import type { HandlerMap } from './handler-map';

/**
 * Keeps the bookkeeping tables bounded: a BullMQ job scheduler ticks every RETENTION_SWEEP_SECONDS
 * on the timers queue and removes rows older than RETENTION_DAYS (docs/architecture.md §6
 * Retention), in batches, so neither the relay nor the API ever waits behind a long DELETE.
 */
@Injectable()
export class RetentionPrune implements OnApplicationBootstrap {
  private readonly logger = new Logger('RetentionPrune');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  readonly handlers: HandlerMap = {
    'maintenance.prune_due': async () => {
      await this.run();
    },
  };

  onApplicationBootstrap() {
    return this.declare();
  }

  /** Declares the tick's scheduler (again when Redis lost it, docs/architecture.md §6 When Redis loses its data). */
  async declare(): Promise<void> {
    await declareTick(this.redis, this.settings.REDIS_PREFIX, {
      queue: QUEUES.timers,
      schedulerId: 'retention-prune',
      everySeconds: this.settings.RETENTION_SWEEP_SECONDS,
      name: 'maintenance.prune_due',
    });
  }

  /** Rows removed per table. */
  async run(now = new Date()): Promise<Record<string, number>> {
    const cutoff = new Date(now.getTime() - this.settings.RETENTION_DAYS * 86_400_000);
    const removed = await pruneRowsBefore(this.db.manager, cutoff);
    if (Object.values(removed).some(Boolean)) this.logger.log(removed, 'pruned rows past retention');
    return removed;
  }
}
