import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { writeFile } from 'node:fs/promises';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS, SETTINGS, type Settings } from '@rxbridge/platform';
import { pingDatabase } from '@rxbridge/database';

export const LIVENESS_INTERVAL_MS = 10_000;

/**
 * The worker has no HTTP server, so its healthcheck reads a file: touched every 10 s while
 * PostgreSQL and Redis both answer, from the end of the worker's start (start.ts): a worker whose
 * start hangs never writes it, and a file that exists means a worker that runs its queues. A file
 * older than a minute means a hung or cut-off worker, which docker-compose restarts
 * (docs/architecture.md §1 Processes).
 */
@Injectable()
export class WorkerLiveness implements OnApplicationShutdown {
  private readonly logger = new Logger('WorkerLiveness');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** The first beat and the timer; called once the worker has started. */
  start() {
    const file = this.settings.WORKER_LIVENESS_FILE;
    if (!file) return;
    void this.beat(file);
    this.timer = setInterval(() => void this.beat(file), LIVENESS_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  private async beat(file: string) {
    try {
      await Promise.all([pingDatabase(this.db.manager), this.redis.ping()]);
      await writeFile(file, new Date().toISOString());
    } catch (err) {
      this.logger.warn({ err }, 'not alive: PostgreSQL, Redis or the liveness file did not answer');
    }
  }
}
