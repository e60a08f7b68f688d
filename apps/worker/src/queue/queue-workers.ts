import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  blockingRedis,
  closeRedis,
  inSpan,
  Probes,
  queueConcurrency,
  REDIS,
  SETTINGS,
  SpanKind,
  type Settings,
  within,
} from '@rxbridge/platform';
import { QUEUES, type DomainEvent, type QueueName } from '@rxbridge/events';
import { EmailHandlers } from '../email/email.handlers';
import { ApplicationEmails } from '../applications/application-emails';
import { ApplicationHandlers } from '../applications/application.handlers';
import { ApplicationTimers } from '../applications/application-timers';
import { AskedDocuments } from '../applications/asked-documents';
import { PrescriberRequests } from '../applications/prescriber-requests';
import { FaxSender } from '../applications/fax-sender';
import { BillingEmails } from '../billing/billing-emails';
import { BillingHandlers } from '../billing/billing.handlers';
import { DocumentFileSweep } from '../documents/document-file-sweep';
import { checkHandlers, type HandlerMap } from './handler-map';
import { RetentionPrune } from './retention-prune';
import { WorkerMetrics } from './worker-metrics';
import { HandledMarks } from './handled-marks';

/** One BullMQ worker per queue, dispatching each job by name to the single handler for it. */
@Injectable()
export class QueueWorkers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('QueueWorkers');
  private readonly workers: Worker[] = [];
  private readonly registry: Record<QueueName, HandlerMap>;
  /** Set when a drain ran out of time: the jobs still running are left to their locks (drain). */
  private cut = false;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(EmailHandlers) email: EmailHandlers,
    @Inject(ApplicationEmails) applicationEmails: ApplicationEmails,
    @Inject(ApplicationHandlers) applications: ApplicationHandlers,
    @Inject(ApplicationTimers) timers: ApplicationTimers,
    @Inject(BillingEmails) billingEmails: BillingEmails,
    @Inject(BillingHandlers) billing: BillingHandlers,
    @Inject(DocumentFileSweep) documentSweep: DocumentFileSweep,
    @Inject(RetentionPrune) retention: RetentionPrune,
    @Inject(WorkerMetrics) private readonly metrics: WorkerMetrics,
    @Inject(PrescriberRequests) prescriber: PrescriberRequests,
    @Inject(AskedDocuments) asked: AskedDocuments,
    @Inject(FaxSender) fax: FaxSender,
    @Inject(HandledMarks) private readonly handled: HandledMarks,
    @Inject(Probes) private readonly probes: Probes,
  ) {
    this.registry = {
      [QUEUES.email]: {
        ...email.handlers,
        ...billingEmails.handlers,
        ...applicationEmails.handlers,
        ...prescriber.emailHandlers,
        ...fax.handlers,
      },
      [QUEUES.billing]: billing.handlers,
      [QUEUES.applications]: applications.handlers,
      [QUEUES.timers]: {
        ...timers.handlers,
        ...documentSweep.handlers,
        ...retention.handlers,
        ...prescriber.timerHandlers,
        ...asked.timerHandlers,
      },
    };
    for (const [queue, handlers] of Object.entries(this.registry)) checkHandlers(queue as QueueName, handlers);
  }

  onApplicationBootstrap() {
    for (const [queue, handlers] of Object.entries(this.registry)) {
      const worker = new Worker(
        queue,
        async (job) => {
          const handler = handlers[job.name as keyof HandlerMap] as ((e: DomainEvent) => Promise<void>) | undefined;
          if (!handler) throw new Error(`No handler for ${job.name} on ${queue}`);
          const event = job.data as DomainEvent;
          // The handler's span continues the trace the event's writer began (docs/architecture.md §13 Tracing).
          await inSpan(
            `${queue} ${job.name}`,
            {
              kind: SpanKind.CONSUMER,
              parent: event.trace,
              attributes: {
                'messaging.system': 'bullmq',
                'messaging.destination.name': queue,
                'messaging.message.id': job.id,
                'rxbridge.attempt': job.attemptsMade + 1,
              },
            },
            () => handler(event),
          );
        },
        {
          connection: blockingRedis(this.redis),
          prefix: this.settings.REDIS_PREFIX,
          concurrency: queueConcurrency(this.settings, queue),
          // A job whose worker died (SIGKILL, OOM) goes back to the queue once its lock expires:
          // 15 s locks (renewed every 7.5 s while running), checked every 15 s, so a crash delays
          // its jobs by well under a minute; a job may stall twice before it is failed.
          lockDuration: 15_000,
          stalledInterval: 15_000,
          maxStalledCount: 2,
        },
      );
      worker.on('failed', (job, err) =>
        this.logger.warn(
          { err, jobId: job?.id, name: job?.name, attempt: job?.attemptsMade },
          `job failed on ${queue}`,
        ),
      );
      worker.on('error', (err) => this.logger.error({ err }, `worker error on ${queue}`));
      worker.on('completed', (job) => {
        this.metrics.jobEnded(queue, job, 'completed');
        this.handled.completed(queue as QueueName, job);
      });
      worker.on('failed', (job) => this.metrics.jobEnded(queue, job, 'failed'));
      this.workers.push(worker);
      // Readiness (docs/architecture.md §1 Processes): each queue's worker runs, and Redis answers on
      // the connection given to it (BullMQ works and blocks on duplicates of it, so a PING here never
      // waits behind a blocking fetch).
      this.probes.addCheck(`queue:${queue}`, async () => {
        if (!worker.isRunning()) throw new Error('not running');
        await (worker.opts.connection as Redis).ping();
      });
    }
  }

  /**
   * The worker's graceful shutdown (docs/architecture.md §1 Processes, Draining): no queue takes a
   * new job, and the running ones finish, for `ms` at most. A job still running then is cut with the
   * process; its lock expires (15 s) and another worker's stalled check returns it to its queue,
   * where it runs again (its handler is idempotent, §6).
   */
  async drain(ms: number): Promise<void> {
    const closed = Promise.all(this.workers.map((w) => w.close()));
    if (await within(closed, ms)) return;
    this.cut = true;
    this.logger.warn(`jobs still running after ${Math.round(ms / 1000)} s: left to another worker`);
  }

  async onApplicationShutdown() {
    if (this.cut) {
      for (const w of this.workers) (w.opts.connection as Redis).disconnect();
      return;
    }
    // close() waits for running jobs to finish, so a deploy never cuts a handler in half.
    await Promise.all(
      this.workers.map(async (w) => {
        await w.close();
        await closeRedis(w.opts.connection as Redis);
      }),
    );
  }
}
