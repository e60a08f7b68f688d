import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { Client } from 'pg';
import { type DataSource, In } from 'typeorm';
import { OutboxEvent } from '@rxbridge/database';
import type { DomainEvent, DomainEventType } from './domain-events';
import { DEFAULT_JOB_OPTIONS, EVENT_ROUTES, OUTBOX_CHANNEL, QUEUES, type QueueName } from './queues';

export interface OutboxRelayOptions {
  dataSource: DataSource;
  databaseUrl: string;
  connection: Redis;
  prefix: string;
  /** Fallback poll when a notification is missed (relay restart, LISTEN connection lost). */
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
  private listener?: Client;
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
    await this.listen();
    this.timer = setInterval(() => this.kick(), this.opts.pollIntervalMs ?? 2000);
    this.kick();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    await this.draining;
    await this.listener?.end().catch(() => undefined);
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

  /** Relays until no unpublished row is left. Returns when the outbox is empty. */
  async drain(): Promise<void> {
    while (this.running && (await this.relayBatch()) > 0) {
      /* keep going */
    }
  }

  private async relayBatch(): Promise<number> {
    return this.opts.dataSource.transaction(async (manager) => {
      const rows: OutboxEvent[] = await manager
        .getRepository(OutboxEvent)
        .createQueryBuilder('e')
        .where('e.published_at IS NULL')
        .orderBy('e.created_at', 'ASC')
        .limit(this.opts.batchSize ?? 100)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      // Every job of the batch is added at once (one Redis round trip each, in parallel, not one
      // after another), and the rows are marked published together, only after every add
      // succeeded: a failure rolls the batch back and a later pass enqueues it again, which add()
      // makes harmless (jobId = event id). docs/architecture.md §6 and §15 Performance.
      await Promise.all(
        rows.flatMap((row) => {
          const event: DomainEvent = {
            id: row.id,
            type: row.type as DomainEventType,
            payload: row.payload as never,
            userId: row.userId,
            createdAt: row.createdAt.toISOString(),
          };
          // add() not addBulk(): only add() de-duplicates by jobId.
          return (EVENT_ROUTES[event.type] ?? []).map((queue) =>
            this.queues.get(queue)!.add(event.type, event, { ...DEFAULT_JOB_OPTIONS, jobId: event.id }),
          );
        }),
      );
      if (rows.length)
        await manager.update(OutboxEvent, { id: In(rows.map((r) => r.id)) }, { publishedAt: new Date() });
      return rows.length;
    });
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.opts.databaseUrl });
    client.on('notification', () => this.kick());
    client.on('error', (err) => {
      this.opts.logger?.error({ err }, 'outbox listener lost its connection; polling until it is back');
      this.listener = undefined;
      this.relisten();
    });
    await client.connect();
    await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    this.listener = client;
  }

  /** Listens again in a second, and again while the database is still away. */
  private relisten(): void {
    setTimeout(() => {
      if (this.running) this.listen().catch(() => this.relisten());
    }, 1000).unref();
  }
}
