import { type DynamicModule, Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Cluster, type ClusterOptions, Redis, type RedisOptions } from 'ioredis';
import { SETTINGS } from './settings.module';
import { clusterNodes } from './managed-service-settings';
import type { Settings } from './settings';
import { within } from './shutdown';

export const REDIS = Symbol('REDIS');

/**
 * How the shared connection behaves while Redis is down:
 * - `patient` (the worker): commands wait for the reconnection; BullMQ needs maxRetriesPerRequest
 *   null on the connections it blocks on, and background work may as well wait.
 * - `fail-fast` (the API, on the request path): a command fails at once while disconnected and after
 *   one second on a connection that stopped answering, so a request answers 503 within two seconds
 *   instead of hanging (docs/architecture.md §11). It reconnects by itself, every 2 s at most.
 */
export type RedisMode = 'patient' | 'fail-fast';

/** Redis fails fast on the request path: how long one command may wait for its answer. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

export function redisOptions(mode: RedisMode): RedisOptions {
  const reconnect = { retryStrategy: (times: number) => Math.min(times * 100, 2000) };
  return mode === 'patient'
    ? // Explicit, so a connection duplicated from a fail-fast one with these options waits too.
      {
        maxRetriesPerRequest: null,
        enableOfflineQueue: true,
        commandTimeout: undefined,
        enableReadyCheck: true,
        ...reconnect,
      }
    : {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        enableReadyCheck: true,
        ...reconnect,
      };
}

/** Where Redis is: REDIS_URL, and the startup nodes of a Redis Cluster when REDIS_CLUSTER_NODES is set. */
export type RedisTarget = Pick<Settings, 'REDIS_URL' | 'REDIS_CLUSTER_NODES'>;

/**
 * A Redis Cluster client on the startup nodes (docs/architecture.md §11 Managed services). Every
 * node is reached with REDIS_URL's credentials, and over TLS when its scheme is rediss (ioredis
 * does that itself for a single rediss:// URL). The mode's retry and queueing rules apply to the
 * cluster, its timeouts to each node.
 */
function clusterClient(target: RedisTarget & { REDIS_CLUSTER_NODES: string }, mode: RedisMode): Cluster {
  const url = new URL(target.REDIS_URL);
  const { enableOfflineQueue, retryStrategy, ...perNode } = redisOptions(mode);
  const tls = url.protocol === 'rediss:';
  const options: ClusterOptions = {
    enableOfflineQueue,
    enableReadyCheck: true,
    clusterRetryStrategy: retryStrategy,
    redisOptions: {
      ...perNode,
      username: decodeURIComponent(url.username) || undefined,
      password: decodeURIComponent(url.password) || undefined,
      ...(tls && { tls: {} }),
    },
    // Managed clusters announce their nodes by address; TLS must check the name they were reached by.
    ...(tls && { dnsLookup: (address: string, done: (err: null, address: string) => void) => done(null, address) }),
  };
  const nodes = clusterNodes(target.REDIS_CLUSTER_NODES).map((node) => {
    const at = node.lastIndexOf(':');
    return { host: node.slice(0, at), port: Number(node.slice(at + 1)) };
  });
  return new Cluster(nodes, options);
}

/**
 * One shared connection (see RedisMode). With REDIS_CLUSTER_NODES it is a Cluster client, typed as
 * Redis: the commands the app uses (keyed by one hash-tagged prefix, clusterKeyPrefix), pub/sub,
 * MULTI and BullMQ behave the same on both.
 */
export function createRedis(target: RedisTarget | string, mode: RedisMode = 'patient'): Redis {
  const where: RedisTarget = typeof target === 'string' ? { REDIS_URL: target } : target;
  const client = where.REDIS_CLUSTER_NODES
    ? (clusterClient({ ...where, REDIS_CLUSTER_NODES: where.REDIS_CLUSTER_NODES }, mode) as unknown as Redis)
    : new Redis(where.REDIS_URL, redisOptions(mode));
  // Without a listener ioredis prints every failed reconnection; the health check and 503s tell instead.
  const logger = new Logger('Redis');
  let down = false;
  client.on('error', (err: Error) => {
    if (!down) logger.warn(`Redis unavailable: ${err.message}`);
    down = true;
  });
  client.on('ready', () => {
    if (down) logger.log('Redis available again');
    down = false;
  });
  return client;
}

/**
 * A connection of its own for blocking commands and subscriptions (BullMQ workers, Socket.IO pub/sub):
 * they wait for Redis to return whatever the shared connection's mode. The name shows in Redis's
 * CLIENT LIST.
 */
export function blockingRedis(shared: Redis, connectionName?: string): Redis {
  if (shared instanceof Cluster) {
    const cluster: Cluster = shared;
    const { enableOfflineQueue, retryStrategy, ...perNode } = redisOptions('patient');
    return cluster.duplicate([], {
      enableOfflineQueue,
      clusterRetryStrategy: retryStrategy,
      redisOptions: { ...cluster.options.redisOptions, ...perNode, connectionName },
    }) as unknown as Redis;
  }
  return shared.duplicate({ ...redisOptions('patient'), connectionName });
}

/** How long a subscriber waits before asking again when its confirming PING failed on an open connection. */
export const RESUBSCRIBE_CONFIRM_RETRY_MS = 1000;

/**
 * Pub/sub keeps nothing for a subscriber that is away: what was published while a subscriber
 * connection was down never reaches it. `lost` is called when the connection closes; `restored`
 * once it is back and its subscriptions are in place again (ioredis resubscribes right after
 * 'ready'; a PING answered after those commands confirms it), so nothing published from then on is
 * missed and the caller can catch up on the gap (docs/architecture.md §6 Outages). A PING refused
 * while the connection stays open calls `failed` and is asked again each second: no 'close' and
 * 'ready' would follow to try again, and the caller would be left behind until the next outage.
 */
export function watchSubscription(
  sub: Redis,
  on: { lost?: () => void; restored: () => void; failed: (err: unknown) => void },
): void {
  let lost = false;
  const confirm = () =>
    sub.ping().then(
      () => {
        if (!lost) on.restored();
      },
      (err: unknown) => {
        on.failed(err);
        setTimeout(() => {
          if (!lost && sub.status === 'ready') confirm();
        }, RESUBSCRIBE_CONFIRM_RETRY_MS).unref();
      },
    );
  sub.on('close', () => {
    if (lost) return;
    lost = true;
    on.lost?.();
  });
  sub.on('ready', () => {
    if (!lost) return;
    lost = false;
    confirm();
  });
}

/**
 * Closes a connection at shutdown: QUIT while Redis answers, so what was sent before is answered
 * first; for REDIS_COMMAND_TIMEOUT_MS at most, since with Redis frozen the QUIT would wait for its
 * return (a connection that waits for Redis), and with Redis down it would never go. Then drops it.
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') await within(client.quit(), REDIS_COMMAND_TIMEOUT_MS);
  if (client.status !== 'end') client.disconnect();
}

/** Waits for the first connection, for a while: requests made before it would fail needlessly. */
async function firstConnection(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    client.once('ready', done);
    function done() {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    }
  });
}

/** Messages of the errors ioredis gives when Redis cannot be reached or does not answer in time. */
const UNAVAILABLE =
  /enableOfflineQueue|Command timed out|Connection is closed|ECONNREFUSED|ECONNRESET|max retries per request|Reached the max retries|Cluster isn't ready|Failed to refresh slots cache/i;

/** True for an error that means "Redis is down" rather than a bug: the API answers 503 for it. */
export function isRedisUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return err.name === 'MaxRetriesPerRequestError' || UNAVAILABLE.test(err.message);
}

@Global()
@Module({})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  static forRoot(mode: RedisMode): DynamicModule {
    return {
      module: RedisModule,
      providers: [
        {
          provide: REDIS,
          inject: [SETTINGS],
          useFactory: async (s: Settings) => {
            const client = createRedis(s, mode);
            if (mode === 'fail-fast') await firstConnection(client, 5000);
            return client;
          },
        },
      ],
      exports: [REDIS],
    };
  }

  async onApplicationShutdown() {
    await closeRedis(this.redis);
  }
}
