import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { blockingRedis, openSpan, SpanKind, type LiveChannel, type TraceCarrier } from '@rxbridge/platform';
import { pipelinedTransaction } from '@rxbridge/database';
import type { DomainEvent, DomainEventType } from './domain-events';
import { publishLive, type LivePush } from './live-push';
import {
  claimOutboxBatch,
  claimStrandedPushes,
  markOutboxPublished,
  markPushedByRelay,
  unhandledEvents,
} from './outbox.repository';
import { DEFAULT_JOB_OPTIONS, queuesFor, QUEUES, type QueueName } from './queues';

export interface OutboxRelayOptions {
  dataSource: DataSource;
  /** The Redis channel writers wake the relay on (outboxWakeChannel); null: the poll alone finds new rows. */
  wakeChannel: string | null;
  connection: Redis;
  prefix: string;
  /** Socket.IO's Redis channel (liveChannel): where the relay publishes the pushes their writers did not. */
  liveKey?: LiveChannel;
  /** Fallback poll when a wake is missed (a writer killed after its commit, Redis away, a script's rows). */
  pollIntervalMs?: number;
  batchSize?: number;
  logger?: {
    error(obj: unknown, msg?: string): void;
    warn?(obj: unknown, msg?: string): void;
    debug?(obj: unknown, msg?: string): void;
  };
}

/**
 * Moves committed outbox rows onto BullMQ. Rows are claimed with SKIP LOCKED so several worker
 * processes can relay side by side; a row is marked published only after every queue accepted it,
 * and a re-enqueue of the same event id is a no-op, so delivery is at-least-once without duplicates.
 */
export class OutboxRelay {
  private readonly queues = new Map<QueueName, Queue>();
  private listener?: Redis;
  /** Resolves once the relay hears the writers' wakes (at once with Redis up; when it is back otherwise). */
  subscribed: Promise<void> = Promise.resolve();
  private timer?: NodeJS.Timeout;
  private running = false;
  private draining: Promise<void> | null = null;
  private again = false;

  constructor(private readonly opts: OutboxRelayOptions) {
    for (const name of Object.values(QUEUES)) {
      const queue = new Queue(name, { connection: opts.connection, prefix: opts.prefix });
      // Redis down: the pass fails, the rows stay unpublished and the next pass retries (a warning, not a crash).
      queue.on('error', (err) => opts.logger?.warn?.({ err }, `queue ${name}: Redis connection error`));
      this.queues.set(name, queue);
    }
  }

  async start(): Promise<void> {
    this.running = true;
    this.listen();
    this.timer = setInterval(() => {
      this.kick();
      this.pushStranded();
    }, this.opts.pollIntervalMs ?? 2000);
    this.kick();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    await this.draining;
    await this.strandedRun;
    this.listener?.disconnect();
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }

  /** Runs one drain at a time; a kick during a drain schedules one more pass. */
  kick(): void {
    if (!this.running) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((err) => this.opts.logger?.error({ err }, 'outbox relay pass failed'))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /**
   * Relays until a batch comes back short of full: every row committed before that batch's read
   * was in it, and a row committed since has woken the relay (kick), so no pass is spent finding nothing.
   */
  async drain(): Promise<void> {
    const size = this.opts.batchSize ?? 100;
    while (this.running && (await this.relayBatch()) >= size) {
      /* keep going */
    }
  }

  private strandedRun: Promise<void> | null = null;

  /** One look at a time for pushes no writer published within its grace (docs/architecture.md §8). */
  private pushStranded(): Promise<void> {
    const { liveKey, connection, dataSource } = this.opts;
    if (!this.running || !liveKey || this.strandedRun) return this.strandedRun ?? Promise.resolve();
    this.strandedRun = pipelinedTransaction(dataSource, async (tx) => {
      const rows = await claimStrandedPushes(tx, this.opts.batchSize ?? 100);
      if (!rows.length) return;
      await Promise.all(rows.map((row) => publishLive(connection, liveKey, row.push, row.traceContext)));
      markPushedByRelay(
        tx,
        rows.map((r) => r.id),
      );
    })
      .catch((err) => this.opts.logger?.error({ err }, 'outbox relay: publishing stranded pushes failed'))
      .finally(() => (this.strandedRun = null));
    return this.strandedRun;
  }

  private async relayBatch(): Promise<number> {
    // Two round trips to PostgreSQL a batch: BEGIN leaves with the claim, and the mark with the
    // COMMIT (pipelinedTransaction; docs/architecture.md §15 Performance).
    return pipelinedTransaction(this.opts.dataSource, async (tx) => {
      const rows = await claimOutboxBatch(tx, this.opts.batchSize ?? 100);
      // The batch's jobs go to each queue in one pipelined addBulk (one Redis round trip per queue,
      // not per job), and the rows are marked published together, only after every add succeeded:
      // a failure rolls the batch back and a later pass enqueues it again, which the jobId (the
      // event id) makes harmless: BullMQ's add script, for add() and addBulk() alike, adds nothing
      // for an id it holds. docs/architecture.md §6 and §15 Performance.
      // A push its writer has not published by the end of the grace goes out beside the row's
      // jobs (the fallback of §8); a failed publish fails the pass like a failed add, and a repeat
      // is a signal heard twice.
      const { liveKey, connection } = this.opts;
      const pushedNow: string[] = [];
      const queuesOf: string[] = [];
      const jobs: JobsByQueue = new Map();
      const publishes: Promise<unknown>[] = [];
      // Each traced row's relay is a span of its writer's trace, and its jobs carry that span on
      // (docs/architecture.md §13 Tracing).
      const spans = rows.map((row) => relaySpan(row));
      for (const [i, row] of rows.entries()) {
        if (liveKey && row.push && row.pushNow) {
          pushedNow.push(row.id);
          publishes.push(publishLive(connection, liveKey!, row.push as LivePush, spans[i].carrier));
        }
        const event = eventOf(row, spans[i].carrier);
        const queues = queuesFor(event);
        queuesOf.push(queues.join(','));
        for (const queue of queues) addJob(jobs, queue, event);
      }
      try {
        await Promise.all([...[...jobs].map(([queue, bulk]) => this.queues.get(queue)!.addBulk(bulk)), ...publishes]);
      } catch (err) {
        for (const span of spans) span.end(err);
        throw err;
      }
      for (const span of spans) span.end();
      if (rows.length)
        markOutboxPublished(
          tx,
          rows.map((r) => r.id),
          pushedNow,
          queuesOf,
        );
      return rows.length;
    });
  }

  /**
   * Adds again every job of a relayed event that has not finished (docs/architecture.md §6 When
   * Redis loses its data): at the worker's start and when Redis is back after it was lost. A job
   * Redis still holds is not doubled (the jobId is the event id); one Redis lost runs again, and
   * the idempotent handlers make a second delivery harmless. Returns how many events it looked at.
   */
  async rerelay(): Promise<number> {
    const size = this.opts.batchSize ?? 100;
    let after: { createdAt: Date; id: string } | null = null;
    let seen = 0;
    for (;;) {
      const rows = await unhandledEvents(this.opts.dataSource.manager, after, size);
      const jobs: JobsByQueue = new Map();
      for (const row of rows) {
        const event = eventOf(row, row.traceContext);
        for (const queue of row.queues as QueueName[]) {
          if (!this.queues.has(queue)) continue;
          addJob(jobs, queue, event);
        }
      }
      await Promise.all([...jobs].map(([queue, bulk]) => this.queues.get(queue)!.addBulk(bulk)));
      seen += rows.length;
      if (rows.length < size) return seen;
      after = rows[rows.length - 1];
    }
  }

  /**
   * Hears the writers' wakes on a Redis connection of its own, which waits for Redis and subscribes
   * again when it is back; meanwhile the poll finds the rows (docs/architecture.md §6).
   */
  private listen(): void {
    if (!this.opts.wakeChannel) return;
    const listener = blockingRedis(this.opts.connection, 'outbox-wake');
    listener.on('error', (err) => this.opts.logger?.warn?.({ err }, 'outbox wake: Redis connection error'));
    listener.on('message', () => this.kick());
    this.listener = listener;
    // Not awaited by start: with Redis away the subscription waits for it, and the poll runs meanwhile.
    this.subscribed = listener.subscribe(this.opts.wakeChannel).then(
      () => undefined,
      (err) => this.opts.logger?.warn?.({ err }, 'outbox wake: subscription failed; polling'),
    );
  }
}

type JobsByQueue = Map<QueueName, { name: string; data: DomainEvent; opts: JobsOptions }[]>;

/** An outbox row as the event its jobs carry, with the trace they continue. */
function eventOf(
  row: { id: string; type: string; payload: unknown; userId: string | null; createdAt: Date },
  trace: TraceCarrier | null,
): DomainEvent {
  return {
    id: row.id,
    type: row.type as DomainEventType,
    payload: row.payload as never,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    ...(trace && { trace }),
  };
}

const UNTRACED = { carrier: null, end: () => undefined };

/** The relay of a row its writer traced, as a span of that trace; nothing for a row without one. */
function relaySpan(row: { id: string; type: string; traceContext: TraceCarrier | null }) {
  if (!row.traceContext) return UNTRACED;
  return openSpan(`outbox relay ${row.type}`, {
    kind: SpanKind.PRODUCER,
    parent: row.traceContext,
    attributes: { 'messaging.system': 'bullmq', 'messaging.message.id': row.id, 'rxbridge.event.type': row.type },
  });
}

/** One job per event and queue: the event's id is the job's, so adding it again never doubles it. */
function addJob(jobs: JobsByQueue, queue: QueueName, event: DomainEvent): void {
  if (!jobs.has(queue)) jobs.set(queue, []);
  jobs.get(queue)!.push({ name: event.type, data: event, opts: { ...DEFAULT_JOB_OPTIONS, jobId: event.id } });
}
