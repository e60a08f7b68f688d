import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { Counter, Gauge, type Registry } from 'prom-client';
import {
  blockingRedis,
  closeRedis,
  METRICS,
  REDIS,
  SETTINGS,
  type Settings,
  watchSubscription,
} from '@rxbridge/platform';

/** How long an ending waits for its own announcement to come back through Redis. */
const ECHO_WAIT_MS = 1000;
/** How often the set is read again while Redis answers the subscriber but not yet the requests. */
const SYNC_RETRY_MS = 1000;

interface Announcement {
  id: string;
  sessionIds: string[];
  until: number;
}

/**
 * The login sessions ended (logout, password change, idle, a stolen refresh token) in the last
 * access-token lifetime, known to this API process without asking Redis on each request
 * (docs/architecture.md §9, §15). An ending is written to one sorted set in Redis (session id,
 * scored by when its last access token expires) and announced on a channel every API process
 * listens to. While this process's subscription is in place it answers from memory; while it is
 * not (starting, Redis lost), it asks the sorted set, and once the subscription is back it reads the
 * whole set again, so an ending announced during the gap is not missed.
 */
@Injectable()
export class RevokedSessions implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RevokedSessions');
  /** Session id -> when its tokens expire anyway (ms). */
  private readonly ended = new Map<string, number>();
  private readonly sub: Redis;
  private readonly echoes = new Map<string, () => void>();
  private readonly reads: Counter;
  private readonly setKey: string;
  private readonly channel: string;
  /** Counts lost subscriptions (and the shutdown): a read of the set that began before one does not count. */
  private generation = 0;
  /** The generation the set was last read whole in: in sync when it is the current one. */
  private syncedGeneration = -1;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(METRICS) metrics: Registry,
  ) {
    this.setKey = `${settings.REDIS_PREFIX}:revoked-sessions`;
    this.channel = `${settings.REDIS_PREFIX}:sessions-revoked`;
    this.sub = blockingRedis(redis, this.setKey);
    this.sub.on('error', (err) => this.logger.warn({ err }, 'Revoked sessions: Redis connection error'));
    const inSync = () => this.inSync;
    new Gauge({
      name: 'session_revocations_from_memory',
      help: '1 while this API process answers "was this session ended?" from memory, 0 while it asks Redis',
      registers: [metrics],
      collect() {
        this.set(inSync() ? 1 : 0);
      },
    });
    this.reads = new Counter({
      name: 'session_revocation_set_reads_total',
      help: 'Reads of the whole set of ended sessions (at start and after each lost subscription)',
      registers: [metrics],
    });
  }

  onModuleInit() {
    this.sub.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      try {
        this.learn(JSON.parse(message) as Announcement);
      } catch (err) {
        this.logger.warn({ err }, 'Revoked sessions: unreadable announcement');
      }
    });
    watchSubscription(this.sub, {
      lost: () => {
        this.generation++;
      },
      restored: () => void this.sync(),
      failed: (err) => this.logger.warn({ err }, 'Revoked sessions: resubscription not confirmed yet; asking again'),
    });
    // In the background: until it is done, each request asks Redis.
    this.sub.subscribe(this.channel).then(
      () => this.sync(),
      (err) => this.logger.warn({ err }, 'Revoked sessions: could not subscribe'),
    );
  }

  async onApplicationShutdown() {
    this.generation++;
    await closeRedis(this.sub);
  }

  /** Whether this process answers from memory now (the metric session_revocations_from_memory). */
  get inSync(): boolean {
    return this.syncedGeneration === this.generation && this.sub.status === 'ready' && this.redis.status === 'ready';
  }

  /** Whether the session was ended; asks Redis only while the subscription is not in place. */
  async has(sessionId: string): Promise<boolean> {
    if (this.inSync) return this.known(sessionId);
    const until = await this.redis.zscore(this.setKey, sessionId);
    return until !== null && Number(until) > Date.now();
  }

  /** What this process has learnt, from the announcements and the last read of the set. */
  private known(sessionId: string): boolean {
    const until = this.ended.get(sessionId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.ended.delete(sessionId);
    return false;
  }

  /**
   * Records the endings and announces them; resolves once the announcement came back to this
   * process, which Redis sends to every subscriber at once, so the other processes have it too
   * (or after a second: the session's database check ends it within two seconds anyway, §9).
   */
  async add(sessionIds: string[]): Promise<void> {
    if (!sessionIds.length) return;
    const now = Date.now();
    const until = now + this.settings.ACCESS_TOKEN_TTL_SECONDS * 1000;
    const announcement: Announcement = { id: randomUUID(), sessionIds, until };
    const echoed = this.inSync ? this.echo(announcement.id) : Promise.resolve();
    await this.redis
      .multi()
      .zadd(this.setKey, ...sessionIds.flatMap((sid) => [until, sid]))
      .zremrangebyscore(this.setKey, '-inf', now)
      .pexpireat(this.setKey, until)
      .publish(this.channel, JSON.stringify(announcement))
      .exec();
    this.learn(announcement);
    this.forgetExpired(now);
    await echoed;
  }

  private echo(id: string): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.echoes.delete(id);
        resolve();
      };
      const timer = setTimeout(done, ECHO_WAIT_MS);
      this.echoes.set(id, done);
    });
  }

  private learn({ id, sessionIds, until }: Announcement) {
    for (const sid of sessionIds) this.remember(sid, until);
    this.echoes.get(id)?.();
    for (const listener of this.listeners) listener(sessionIds);
  }

  private readonly listeners = new Set<(sessionIds: string[]) => void>();

  /**
   * Called with every ending this process learns, its own and the other processes' announcements
   * alike: the socket gateway re-checks the live connections of those sessions (docs/architecture.md §8).
   */
  onEnded(listener: (sessionIds: string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private remember(sessionId: string, until: number) {
    this.ended.set(sessionId, Math.max(until, this.ended.get(sessionId) ?? 0));
  }

  private forgetExpired(now: number) {
    for (const [sid, until] of this.ended) if (until <= now) this.ended.delete(sid);
  }

  /**
   * Reads the whole set (the subscription is already in place, so nothing falls between); tried
   * again each second while the request connection is not back yet. An outage meanwhile starts over.
   */
  private async sync() {
    const generation = this.generation;
    try {
      const now = Date.now();
      const rows = await this.redis.zrangebyscore(this.setKey, now, '+inf', 'WITHSCORES');
      for (let i = 0; i < rows.length; i += 2) this.remember(rows[i], Number(rows[i + 1]));
      this.forgetExpired(now);
      this.syncedGeneration = generation;
      this.reads.inc();
    } catch {
      setTimeout(() => {
        if (generation === this.generation && this.sub.status === 'ready') void this.sync();
      }, SYNC_RETRY_MS).unref();
    }
  }
}
