import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '@rxbridge/platform';
import { ApplicationTimers } from '../applications/application-timers';
import { AskedDocuments } from '../applications/asked-documents';
import { PrescriberRequests } from '../applications/prescriber-requests';
import { OutboxRelayService } from './outbox-relay.service';
import { ScheduledTicks } from './scheduled-tick';

/**
 * Redis is a cache and a transport: what it holds for the worker is rebuilt from PostgreSQL when it
 * may have lost it (docs/architecture.md §6 When Redis loses its data). At start, and each time the
 * worker's Redis connection is ready again after it was lost: the relayed events whose jobs have not
 * finished are added again, every timer the database calls for is armed, every job scheduler is
 * declared. Deterministic job ids make each of these a no-op for a job Redis still holds.
 */
@Injectable()
export class RedisRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RedisRecovery');
  private started = false;
  private running: Promise<void> | null = null;
  private again = false;
  private readonly onReady = () => {
    if (this.started) void this.sweep();
  };

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(OutboxRelayService) private readonly relay: OutboxRelayService,
    @Inject(ApplicationTimers) private readonly timers: ApplicationTimers,
    @Inject(PrescriberRequests) private readonly prescriber: PrescriberRequests,
    @Inject(AskedDocuments) private readonly asked: AskedDocuments,
    @Inject(ScheduledTicks) private readonly ticks: ScheduledTicks,
  ) {}

  async onApplicationBootstrap() {
    // The timers and schedulers arm themselves at start; the relay's lost jobs are this one's.
    const events = await this.relay.relay.rerelay();
    if (events) this.logger.log(`re-relayed the jobs of ${events} unfinished events`);
    this.started = true;
    this.redis.on('ready', this.onReady);
  }

  onApplicationShutdown() {
    this.started = false;
    this.redis.off('ready', this.onReady);
    return this.running ?? undefined;
  }

  /** One sweep at a time; a reconnect during one asks for one more. Resolves when it is done. */
  sweep(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.rebuild()
      .catch((err: unknown) => this.logger.warn({ err }, 'rebuilding from the database after Redis came back failed'))
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
    await this.ticks.declareAll();
    const timers = await this.timers.armAll();
    const reminders = await this.prescriber.armAll();
    const asked = await this.asked.armAll();
    const events = await this.relay.relay.rerelay();
    this.logger.log(
      `Redis is back: checked ${timers} timers, ${reminders} reminders, ${asked} asked-documents emails and ${events} unfinished events`,
    );
  }
}
