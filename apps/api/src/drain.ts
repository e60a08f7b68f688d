import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { DataSource } from 'typeorm';
import { WriterPushes } from '@rxbridge/events';
import { Probes, SETTINGS, type Settings, within } from '@rxbridge/platform';
import type { RedisIoAdapter } from './realtime/redis-io.adapter';

/**
 * The API's requests in flight, the Socket.IO transport's excepted (a long poll lasts until its
 * socket ends): a draining API waits for them. Once the API drains, every answer closes its
 * connection, so a keep-alive client's next request opens a new one, at a process still ready.
 */
class RequestsInFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  constructor(server: Server, draining: () => boolean) {
    // Before Nest's and Socket.IO's listeners, so the header is set before any handler answers.
    server.prependListener('request', (req, res) => {
      if (req.url?.startsWith('/socket.io')) return;
      if (draining() && !res.headersSent) res.setHeader('Connection', 'close');
      this.count += 1;
      res.once('close', () => {
        this.count -= 1;
        if (this.count === 0) for (const done of this.waiters.splice(0)) done();
      });
    });
  }

  get size(): number {
    return this.count;
  }

  idle(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}

const drains = new WeakMap<NestFastifyApplication, { requests: RequestsInFlight; sockets: RedisIoAdapter }>();

/** Called by createApiServer: counts the requests from the start, so a drain knows what is in flight. */
export function prepareDrain(app: NestFastifyApplication, sockets: RedisIoAdapter): void {
  const probes = app.get(Probes);
  drains.set(app, { requests: new RequestsInFlight(app.getHttpServer() as Server, () => probes.draining), sockets });
}

/**
 * The API's graceful shutdown on SIGTERM (docs/architecture.md §1 Processes, Draining):
 * 1. readiness answers 503 at once, so the load balancer stops sending work here;
 * 2. the port stops accepting connections (new ones are refused, and go to another process);
 *    the connections already open stay, and each request on them is answered;
 * 3. the requests in flight finish, for SHUTDOWN_GRACE_SECONDS at most, and the pushes their
 *    changes published reach this process's sockets;
 * 4. the sockets are told to reconnect (to another process); then everything closes.
 */
export async function drainApi(app: NestFastifyApplication): Promise<void> {
  const logger = new Logger('Drain');
  const drain = drains.get(app);
  if (!drain) throw new Error('drainApi: the server was not built by createApiServer');
  const settings = app.get<Settings>(SETTINGS);
  const deadline = Date.now() + settings.SHUTDOWN_GRACE_SECONDS * 1000;
  const left = () => Math.max(0, deadline - Date.now());
  app.get(Probes).startDraining();
  const http = app.getHttpServer() as Server;
  // net's close, not http's: http's would also drop the idle keep-alive connections, and a request
  // a client is sending on one at that moment would be reset.
  NetServer.prototype.close.call(http);
  if (!(await within(drain.requests.idle(), left()))) {
    logger.warn(`${drain.requests.size} request(s) still running after ${settings.SHUTDOWN_GRACE_SECONDS} s: cut`);
  }
  await within(WriterPushes.of(app.get(DataSource))?.settled() ?? Promise.resolve(), Math.max(left(), 1000));
  const sockets = await drain.sockets.handOverSockets();
  logger.log(`requests finished; ${sockets} socket(s) asked to reconnect elsewhere`);
  http.closeAllConnections();
  await app.close();
}
