import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS, SETTINGS, type Settings } from '@rxbridge/platform';
import { ApplicationTimers } from '../applications/application-timers';
import { AskedDocuments } from '../applications/asked-documents';
import { PrescriberRequests } from '../applications/prescriber-requests';
import { OutboxRelayService } from './outbox-relay.service';
import { ScheduledTicks } from './scheduled-tick';

/** How often the worker looks for the rebuild's mark in Redis (docs/architecture.md §6). */
export const REBUILT_CHECK_MS = 5000;

/**
 * Redis is a cache and a transport: what it holds for the worker is rebuilt from PostgreSQL when it
 * may have lost it (docs/architecture.md §6 When Redis loses its data). At start, each time the
 * worker's Redis connection is ready again after it was lost, and whenever the mark each rebuild
 * leaves in Redis is gone (a FLUSHALL or a failover to an empty replica under a live connection,
 * which no 'ready' announces): the relayed events whose jobs have not finished are added again,
 * every timer the database calls for is armed, every job scheduler is declared. Deterministic job
 * ids make each of these a no-op for a job Redis still holds.
 */
@Injectable()
export class RedisRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RedisRecovery');
  private started = false;
  private running: Promise<void> | null = null;
  private again = false;
  /** False after a rebuild that failed: the next check rebuilds whatever the mark says. */
  private rebuilt = true;
  private checking = false;
  private checker: NodeJS.Timeout | undefined;
  private readonly onReady = () => {
    if (this.started) void this.sweep();
  };

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(OutboxRelayService) private readonly relay: OutboxRelayService,
    @Inject(ApplicationTimers) private readonly timers: ApplicationTimers,
    @Inject(PrescriberRequests) private readonly prescriber: PrescriberRequests,
    @Inject(AskedDocuments) private readonly asked: AskedDocuments,
    @Inject(ScheduledTicks) private readonly ticks: ScheduledTicks,
  ) {}

  async onApplicationBootstrap() {
    // The timers and schedulers arm themselves at start; the relay's lost jobs are this one's.
    await this.mark();
    const events = await this.relay.relay.rerelay();
    if (events) this.logger.log(`re-relayed the jobs of ${events} unfinished events`);
    this.started = true;
    this.redis.on('ready', this.onReady);
    this.checker = setInterval(() => void this.check(), REBUILT_CHECK_MS);
    this.checker.unref();
  }

  onApplicationShutdown() {
    this.started = false;
    clearInterval(this.checker);
    this.redis.off('ready', this.onReady);
    return this.running ?? undefined;
  }

  /** The key a rebuild sets first: gone means Redis lost its data since. */
  private get markKey() {
    return `${this.settings.REDIS_PREFIX}:worker-rebuilt`;
  }

  private async mark(): Promise<void> {
    await this.redis.set(this.markKey, new Date().toISOString());
  }

  /** Rebuilds when Redis lost the mark; one look at a time (while Redis is away, a command waits for it). */
  private async check(): Promise<void> {
    if (!this.started || this.running || this.checking) return;
    this.checking = true;
    try {
      if (this.rebuilt && (await this.redis.exists(this.markKey)) === 1) return;
      this.logger.warn('Redis lost its data: rebuilding it from the database');
      await this.sweep();
    } catch (err) {
      this.logger.warn({ err }, 'could not look for the rebuild mark in Redis');
    } finally {
      this.checking = false;
    }
  }

  /** One sweep at a time; a reconnect during one asks for one more. Resolves when it is done. */
  sweep(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.rebuild()
      .then(() => {
        this.rebuilt = true;
      })
      .catch((err: unknown) => {
        this.rebuilt = false;
        this.logger.warn({ err }, 'rebuilding Redis from the database failed');
      })
      .finally(() => {
        this.running = null;
        if (this.again && this.started) {
          this.again = false;
          void this.sweep();
        }
      });
    return this.running;
  }

  private async rebuild(): Promise<void> {
    // Set first: data lost during the rebuild takes the mark too, and the next check rebuilds again.
    await this.mark();
    await this.ticks.declareAll();
    const timers = await this.timers.armAll();
    const reminders = await this.prescriber.armAll();
    const asked = await this.asked.armAll();
    const events = await this.relay.relay.rerelay();
    this.logger.log(
      `Redis rebuilt: checked ${timers} timers, ${reminders} reminders, ${asked} asked-documents emails and ${events} unfinished events`,
    );
  }
}
