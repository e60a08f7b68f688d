import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Queue, type Job, type JobState } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  QUEUE_JOBS_PAGE_SIZE,
  type QueueCounts,
  type QueueJobState,
  type QueueJobsAnswer,
  type QueueJobsQuery,
  type QueueJobView,
} from '@rxbridge/contracts';
import { QUEUES, type QueueName } from '@rxbridge/events';
import { SETTINGS, type Settings, REDIS, conflict, notFound, redactJobError } from '@rxbridge/platform';
import { paginate } from '../common/pagination';
import type { AuthUser } from '../common/auth.guard';
import { writeAudit } from '../common/record-access';

const iso = (ms: number | undefined) => (ms ? new Date(ms).toISOString() : null);

/**
 * Queue health for admins: the BullMQ queues the worker consumes, read and retried through the
 * shared Redis connection and prefix (the same queues the outbox relay fills).
 */
@Injectable()
export class QueuesService implements OnModuleDestroy {
  private readonly queues: Map<QueueName, Queue>;
  private readonly logger = new Logger('QueuesService');

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(SETTINGS) settings: Settings,
    @InjectDataSource() private readonly db: DataSource,
  ) {
    // A shared connection: closing a Queue leaves it open for the rest of the API.
    this.queues = new Map(
      Object.values(QUEUES).map((name) => [
        name,
        new Queue(name, { connection: redis, prefix: settings.REDIS_PREFIX }),
      ]),
    );
    // Redis down: the screen answers 503 meanwhile; the connection's errors are warnings, not crashes.
    for (const [name, queue] of this.queues) {
      queue.on('error', (err) => this.logger.warn({ err }, `queue ${name}: Redis connection error`));
    }
  }

  /** Every queue, for Bull Board. */
  all(): Queue[] {
    return [...this.queues.values()];
  }

  async onModuleDestroy() {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }

  async overview(): Promise<{ queues: QueueCounts[] }> {
    const queues = await Promise.all(
      [...this.queues.values()].map(async (q) => {
        const [c, paused] = await Promise.all([
          q.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'completed', 'failed'),
          q.isPaused(),
        ]);
        return {
          name: q.name,
          // Prioritized jobs are waiting too, just in another list; since BullMQ 6 the jobs of a paused
          // queue count as waiting.
          waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
          active: c.active ?? 0,
          delayed: c.delayed ?? 0,
          completed: c.completed ?? 0,
          failed: c.failed ?? 0,
          paused,
        };
      }),
    );
    return { queues };
  }

  async jobs(name: string, { state, page }: QueueJobsQuery): Promise<QueueJobsAnswer> {
    const queue = this.queue(name);
    const types = state === 'waiting' ? (['waiting', 'prioritized'] as const) : ([state] as const);
    const start = (page - 1) * QUEUE_JOBS_PAGE_SIZE;
    const [jobs, totalCount] = await Promise.all([
      // Newest first: the failure an admin is looking for is usually the latest one.
      queue.getJobs([...types], start, start + QUEUE_JOBS_PAGE_SIZE - 1, false),
      queue.getJobCountByTypes(...types),
    ]);
    return {
      queue: queue.name,
      state,
      // getJobs may hand back a hole for a job removed meanwhile.
      jobs: jobs.filter(Boolean).map((job) => toJobView(job, state)),
      pagination: paginate(page, QUEUE_JOBS_PAGE_SIZE, totalCount),
    };
  }

  /**
   * Puts a failed job back in the queue for another attempt (a charge's job charges again), audited first: the row
   * naming the admin is written on its own before the retry, and a retry whose row cannot be written does not happen
   * (docs/architecture.md §9). A job not failed is refused before any row; BullMQ's retry checks the state again,
   * atomically (another admin's retry of the same job, a removal meanwhile), and a retry refused there keeps its row.
   */
  async retry(actor: AuthUser, name: string, jobId: string): Promise<QueueJobView> {
    const queue = this.queue(name);
    const job = await queue.getJob(jobId);
    if (!job) throw notFound('Job');
    refuseUnlessFailed(await job.getState());
    await writeAudit(this.db.manager, actor, {
      action: 'queue.job_retried',
      subjectUserId: null,
      metadata: { queue: queue.name, jobId: String(job.id), jobName: job.name },
    });
    try {
      await job.retry('failed');
    } catch (error) {
      const state = await job.getState();
      if (state === 'failed') throw error;
      refuseUnlessFailed(state);
    }
    return toJobView(job, 'waiting');
  }

  private queue(name: string): Queue {
    const queue = this.queues.get(name as QueueName);
    if (!queue) throw notFound('Queue');
    return queue;
  }
}

/** Only a failed job is retried: a job gone is not found, one in another state a conflict naming it. */
function refuseUnlessFailed(state: JobState | 'unknown'): void {
  if (state === 'unknown') throw notFound('Job');
  if (state !== 'failed') throw conflict(`Only a failed job can be retried; this job is ${state}.`, 'job-not-failed');
}

/** Id, name and outcome only: job data may reference patients and stays out of the answer; the failure is redacted. */
function toJobView(job: Job, state: QueueJobState | 'unknown'): QueueJobView {
  return {
    id: String(job.id),
    name: job.name,
    state,
    attemptsMade: job.attemptsMade,
    attempts: job.opts.attempts ?? 1,
    // An error's text may quote what a handler was given: shown without personal data (architecture §13).
    failedReason: job.failedReason ? redactJobError(job.failedReason) : null,
    createdAt: iso(job.timestamp),
    processedAt: iso(job.processedOn),
    finishedAt: iso(job.finishedOn),
  };
}
