import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RETENTION_YEARS } from '@rxbridge/contracts';
import { SETTINGS, type Settings } from '@rxbridge/platform';
import { pruneRowsBefore } from '@rxbridge/database';
import type { HandlerMap } from './handler-map';

/**
 * Keeps the bookkeeping tables bounded: a tick every RETENTION_SWEEP_SECONDS on the timers queue
 * (ScheduledTicks) removes rows older than RETENTION_DAYS, and the patients' messages to support
 * older than the Privacy page's years for communications (docs/architecture.md §6 Retention), in
 * batches, so neither the relay nor the API ever waits behind a long DELETE.
 */
@Injectable()
export class RetentionPrune {
  private readonly logger = new Logger('RetentionPrune');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  readonly handlers: HandlerMap = {
    'maintenance.prune_due': async () => {
      await this.run();
    },
  };

  /** Rows removed per table. */
  async run(now = new Date()): Promise<Record<string, number>> {
    const communications = new Date(now);
    communications.setUTCFullYear(now.getUTCFullYear() - RETENTION_YEARS.communications);
    const removed = await pruneRowsBefore(this.db.manager, {
      bookkeeping: new Date(now.getTime() - this.settings.RETENTION_DAYS * 86_400_000),
      communications,
    });
    if (Object.values(removed).some(Boolean)) this.logger.log(removed, 'pruned rows past retention');
    return removed;
  }
}
