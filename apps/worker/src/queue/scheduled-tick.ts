import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { REDIS, SETTINGS, type Settings } from '@rxbridge/platform';
import { DEFAULT_JOB_OPTIONS, EVENT_ROUTES, type DomainEventType } from '@rxbridge/events';

interface Tick {
  schedulerId: string;
  /** The setting that says how often, in seconds. */
  every: 'BILLING_SWEEP_SECONDS' | 'BILLING_RECONCILE_SECONDS' | 'DOCUMENT_SWEEP_SECONDS' | 'RETENTION_SWEEP_SECONDS';
  name: DomainEventType;
}

/**
 * The worker's scheduled work (docs/architecture.md §6): each tick is a job added by a BullMQ job
 * scheduler, handled like any event by the service that owns the work, which works from the database.
 */
export const TICKS: readonly Tick[] = [
  { schedulerId: 'billing-sweep', every: 'BILLING_SWEEP_SECONDS', name: 'billing.sweep_due' },
  {
    schedulerId: 'billing-reconcile',
    every: 'BILLING_RECONCILE_SECONDS',
    name: 'billing.reconcile_due',
  },
  {
    schedulerId: 'document-file-sweep',
    every: 'DOCUMENT_SWEEP_SECONDS',
    name: 'documents.sweep_due',
  },
  {
    schedulerId: 'retention-prune',
    every: 'RETENTION_SWEEP_SECONDS',
    name: 'maintenance.prune_due',
  },
];

/**
 * Declares every tick's job scheduler, which lives in Redis: at start, and again when Redis may have
 * lost it (RedisRecovery, docs/architecture.md §6 When Redis loses its data). Upserted: every worker
 * replica declares the same schedulers, and there is still one tick per interval.
 */
@Injectable()
export class ScheduledTicks implements OnApplicationBootstrap {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onApplicationBootstrap() {
    return this.declareAll();
  }

  async declareAll(): Promise<void> {
    for (const tick of TICKS) await this.declare(tick);
  }

  private async declare(tick: Tick): Promise<void> {
    // The tick's queue is its event's route (EVENT_ROUTES); the handle is needed only to declare it.
    const queue = new Queue(EVENT_ROUTES[tick.name][0], { connection: this.redis, prefix: this.settings.REDIS_PREFIX });
    // The shared connection keeps reporting its errors to this handle after close(): ignored here,
    // the worker's own queues log them; an error while declaring is thrown by the call below.
    queue.on('error', () => undefined);
    try {
      await queue.upsertJobScheduler(
        tick.schedulerId,
        { every: this.settings[tick.every] * 1000 },
        {
          name: tick.name,
          data: {},
          opts: { removeOnComplete: DEFAULT_JOB_OPTIONS.removeOnComplete, removeOnFail: { count: 100 } },
        },
      );
    } finally {
      await queue.close();
    }
  }
}
