import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS, SETTINGS, type Settings } from '@rxbridge/platform';
import { QUEUES } from '@rxbridge/events';
import { declareTick } from './scheduled-tick';
import type { HandlerMap } from './handler-map';

/** Rows per DELETE: small enough that each statement holds its row locks for milliseconds. */
const BATCH = 1000;

/**
 * What is pruned, by age (docs/architecture.md §6 Retention). The audit log never is. Each
 * statement deletes one batch by primary key, selected through an index on the age column;
 * SKIP LOCKED leaves rows another transaction holds (the relay marking a row) for the next batch.
 */
const PRUNES: ReadonlyArray<{ table: string; key: string; where: string }> = [
  { table: 'outbox', key: 'id', where: 'published_at IS NOT NULL AND published_at < $1' },
  { table: 'processed_effects', key: 'key', where: 'created_at < $1' },
  { table: 'stripe_events', key: 'id', where: 'received_at < $1' },
  // Expired for the whole retention: a token is kept a while after expiry to recognise its reuse.
  { table: 'refresh_tokens', key: 'id', where: 'expires_at < $1' },
];

/**
 * Keeps the bookkeeping tables bounded: a BullMQ job scheduler ticks every RETENTION_SWEEP_SECONDS
 * on the timers queue and removes rows older than RETENTION_DAYS, in batches, so neither the
 * relay nor the API ever waits behind a long DELETE.
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

  async onApplicationBootstrap() {
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
    const removed: Record<string, number> = {};
    for (const { table, key, where } of PRUNES) {
      removed[table] = 0;
      for (;;) {
        // Each batch is its own short transaction (autocommit).
        const [, count] = (await this.db.query(
          `DELETE FROM ${table} WHERE ${key} IN (
             SELECT ${key} FROM ${table} WHERE ${where} LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`,
          [cutoff],
        )) as [unknown, number];
        removed[table] += count;
        if (count < BATCH) break;
      }
    }
    if (Object.values(removed).some(Boolean)) this.logger.log(removed, 'pruned rows past retention');
    return removed;
  }
}
