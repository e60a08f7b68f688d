import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { Gauge, Histogram, type Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { outboxBacklog, QUEUES } from '@rxbridge/events';
import { METRICS, REDIS, SETTINGS, type Settings } from '@rxbridge/platform';

const STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed'] as const;

/**
 * The worker's Prometheus metrics (README "Metrics"): queue depths by state and the outbox's lag,
 * read when scraped; job durations by queue, job name and outcome, as jobs end. Labels are queue
 * and event names only, never job data.
 */
@Injectable()
export class WorkerMetrics implements OnModuleDestroy {
  private readonly queues: Queue[];
  private readonly durations: Histogram<'queue' | 'name' | 'outcome'>;

  constructor(
    @Inject(METRICS) registry: Registry,
    @Inject(REDIS) redis: Redis,
    @Inject(SETTINGS) settings: Settings,
    @InjectDataSource() db: DataSource,
  ) {
    // The shared connection: closing these Queues leaves it open for the rest of the worker.
    this.queues = Object.values(QUEUES).map(
      (name) => new Queue(name, { connection: redis, prefix: settings.REDIS_PREFIX }),
    );
    const queues = this.queues;
    new Gauge({
      name: 'bullmq_queue_jobs',
      help: 'Jobs in each BullMQ queue by state',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        await Promise.all(
          queues.map(async (q) => {
            const counts = await q.getJobCounts(...STATES);
            for (const state of STATES) this.set({ queue: q.name, state }, counts[state] ?? 0);
          }),
        );
      },
    });
    this.durations = new Histogram({
      name: 'bullmq_job_duration_seconds',
      help: 'How long a job ran, by queue, job name and outcome',
      labelNames: ['queue', 'name', 'outcome'] as const,
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    });
    const outbox = () => outboxBacklog(db.manager);
    new Gauge({
      name: 'outbox_unpublished_events',
      help: 'Domain events committed but not yet on a queue',
      registers: [registry],
      async collect() {
        this.set((await outbox()).pending);
      },
    });
    new Gauge({
      name: 'outbox_lag_seconds',
      help: 'Age of the oldest domain event not yet on a queue (0 when none waits)',
      registers: [registry],
      async collect() {
        this.set((await outbox()).lag);
      },
    });
  }

  /** Records a job that ended (completed or failed), from BullMQ's own timestamps. */
  jobEnded(queue: string, job: Job | undefined, outcome: 'completed' | 'failed') {
    if (!job?.processedOn || !job.finishedOn) return;
    this.durations.observe({ queue, name: job.name, outcome }, (job.finishedOn - job.processedOn) / 1000);
  }

  async onModuleDestroy() {
    await Promise.all(this.queues.map((q) => q.close()));
  }
}
