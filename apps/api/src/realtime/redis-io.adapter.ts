import { type INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import {
  blockingRedis,
  closeRedis,
  liveChannel,
  REDIS,
  REDIS_COMMAND_TIMEOUT_MS,
  SETTINGS,
  type Settings,
  watchSubscription,
  within,
} from '@rxbridge/platform';

/**
 * Socket.IO on the API's own HTTP server, with the Redis adapter between API processes: an event
 * the worker publishes (or any API node emits) reaches the sockets of every node.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];
  private readonly servers: { server: Server; sub: Redis }[] = [];
  private readonly logger = new Logger('RedisIoAdapter');

  constructor(private readonly app: INestApplicationContext) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, {
      ...options,
      path: '/socket.io',
      serveClient: false,
      // No connection state recovery: the Redis adapters keep no sessions, so it would restore
      // nothing, and it sends each socket's own emit (a catch-up, session.ended) through the adapter's
      // broadcast, published to every API process. What guarantees that no update is missed is the
      // database catch-up on connect (RealtimeGateway, auth.since) and the client's refetch on reconnect.
    });
    const shared = this.app.get<Redis>(REDIS);
    // The adapter's own connections wait for Redis (and resubscribe) rather than fail fast: a push
    // delayed by an outage still arrives; requests fail fast on the shared one.
    const pub = blockingRedis(shared);
    const sub = blockingRedis(shared);
    // Redis down: ioredis reconnects by itself; a warning, not an unhandled error.
    for (const client of [pub, sub]) {
      client.on('error', (err) => this.logger.warn({ err }, 'Socket.IO adapter: Redis connection error'));
    }
    catchSubscriptionChanges(sub, (err) =>
      this.logger.warn({ err }, 'Socket.IO adapter: a subscription change failed on an open connection'),
    );
    this.clients.push(pub, sub);
    const channel = liveChannel(this.app.get<Settings>(SETTINGS));
    // SOCKET_ADAPTER=sharded: sharded pub/sub (Redis 7+), which a Redis Cluster spreads over its
    // shards instead of sending every message to every node (docs/architecture.md §11 Scaling out).
    server.adapter(
      channel.sharded
        ? createShardedAdapter(pub, sub, { channelPrefix: channel.key })
        : createAdapter(pub, sub, { key: channel.key }),
    );
    this.reconnectSocketsAfterLostSubscription(server, sub);
    this.servers.push({ server, sub });
    return server;
  }

  /**
   * A draining API (docs/architecture.md §1 Processes, Draining) hands its sockets to the other
   * processes: first what was published before now reaches them (Redis answers a PING on the
   * subscriber connection after every message published before it), then each is told to
   * reconnect, which through the load balancer lands on a process that is still ready; the client
   * replays what it missed meanwhile (§8 Real time).
   */
  async handOverSockets(): Promise<number> {
    let sockets = 0;
    for (const { server, sub } of this.servers) {
      // Bounded: with Redis frozen or gone the PING would wait for its return (this connection
      // waits, see createIOServer), and there is nothing in flight to wait for anyway.
      if (sub.status === 'ready') await within(sub.ping(), REDIS_COMMAND_TIMEOUT_MS);
      sockets += server.engine?.clientsCount ?? 0;
      server.local.disconnectSockets(true);
    }
    return sockets;
  }

  /**
   * Pub/sub keeps nothing for a subscriber that is away: a push published while this process's
   * subscription was down (the worker's relay reconnects on its own schedule) never arrives. Once
   * the subscription is back, this process's sockets are asked to reconnect; each reconnect replays
   * the patient's changes since the last one seen and the client refetches the rest
   * (docs/architecture.md §8 Real time, §6 Outages).
   */
  private reconnectSocketsAfterLostSubscription(server: Server, sub: Redis) {
    watchSubscription(sub, {
      restored: () => {
        const sockets = server.engine?.clientsCount ?? 0;
        this.logger.log(`Redis subscription restored: ${sockets} socket(s) asked to reconnect and catch up`);
        server.local.disconnectSockets(true);
      },
      failed: (err) => this.logger.warn({ err }, 'Socket.IO adapter: resubscription not confirmed yet; asking again'),
    });
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    await Promise.all(this.clients.map(closeRedis));
  }
}

/**
 * The adapter sends its subscribes (when built) and its unsubscribes (on close) without waiting for
 * their answers, so a failure of theirs was an unhandled rejection, which crashed the process. On
 * this connection ioredis fails them only once it is closed for good (after a lost connection it
 * sends unanswered commands again), that is when the API shuts down: with Redis frozen or gone
 * then, or a drain right after the start (a SIGTERM while starting). They are of no use then and are
 * dropped; any other failure is logged (`warn`), since a subscription that is not in place means
 * pushes this process's sockets would not get.
 */
function catchSubscriptionChanges(sub: Redis, warn: (err: unknown) => void) {
  const commands = ['subscribe', 'psubscribe', 'ssubscribe', 'unsubscribe', 'punsubscribe', 'sunsubscribe'] as const;
  for (const command of commands) {
    const send = sub[command].bind(sub) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(sub, {
      [command]: (...args: unknown[]) => {
        const answer = send(...args);
        answer.catch((err: unknown) => {
          if (sub.status !== 'end') warn(err);
        });
        return answer;
      },
    });
  }
}
