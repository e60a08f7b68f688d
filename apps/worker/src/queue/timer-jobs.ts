import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { DEFAULT_JOB_OPTIONS, QUEUES, type DomainEvent, type DomainEventMap } from '@rxbridge/events';
import { REDIS, SETTINGS, type Settings } from '@rxbridge/platform';

const REAL_DAY_MS = 86_400_000;

/**
 * The timers queue's delayed jobs: the refill and renewal timers, the enrollment reminders and the
 * prescriber's reminder (docs/architecture.md §6). Each job's id is the timer's own, so arming a
 * timer twice is a no-op; the worker re-arms from the database when Redis may have lost them.
 */
@Injectable()
export class TimerJobs implements OnApplicationShutdown {
  private readonly logger = new Logger('TimerJobs');
  private readonly queue: Queue;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    this.queue = new Queue(QUEUES.timers, { connection: redis, prefix: settings.REDIS_PREFIX });
    this.queue.on('error', (err) => this.logger.warn({ err }, 'timers queue: Redis connection error'));
  }

  /**
   * `type` with `payload` fires at `dueAt`, a date already past at once. The delay is scaled by
   * TIMER_DAY_MS (tests run a month in a second). BullMQ refuses ':' in custom ids: use dashes.
   */
  async arm<T extends 'application.timer_due' | 'prescriber.reminder_due'>(
    type: T,
    jobId: string,
    dueAt: Date,
    payload: DomainEventMap[T],
    userId: string | null,
  ): Promise<void> {
    const delay = Math.max(0, dueAt.getTime() - Date.now()) * (this.settings.TIMER_DAY_MS / REAL_DAY_MS);
    const event = { id: jobId, type, payload, userId, createdAt: new Date().toISOString() } as DomainEvent<T>;
    await this.queue.add(type, event, { ...DEFAULT_JOB_OPTIONS, jobId, delay: Math.round(delay) });
  }

  onApplicationShutdown() {
    return this.queue.close();
  }
}
