import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import jwt from 'jsonwebtoken';
import type { Server, Socket } from 'socket.io';
import { DataSource } from 'typeorm';
import { Gauge, type Registry } from 'prom-client';
import { METRICS } from '@rxbridge/platform';
import {
  NAVIGATORS_ROOM,
  SOCKET_EVENTS,
  STAFF_ROLES,
  userRoom,
  type ServerToClientEvents,
  type SocketHandshakeAuth,
} from '@rxbridge/contracts';
import { parseDate } from '@rxbridge/domain';
import { AccessTokens } from '../accounts/access-tokens';
import type { AuthUser } from '../common/auth.guard';
import { applicationUpdatesSince } from '@rxbridge/applications';
import { isRedisUnavailable } from '@rxbridge/platform';

const sessionRoom = (sid: string) => `session:${sid}`;

interface SocketData {
  user: AuthUser;
  expiresAt: number | null;
}
type AppSocket = Socket<Record<string, never>, ServerToClientEvents, Record<string, never>, SocketData>;

/** How long a patient's catch-up may reach back; older changes come with the client's refetch. */
const MAX_CATCH_UP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Live updates (docs/architecture.md §8 Real time): authenticated at the handshake with the same JWT as the API,
 * one room per patient (`user:{id}`) and one for navigators. Nothing is pushed from here; the
 * worker (its outbox relay or a handler) publishes through the Redis emitter after each committed change.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('RealtimeGateway');

  constructor(
    @Inject(AccessTokens) private readonly tokens: AccessTokens,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(METRICS) private readonly metrics: Registry,
  ) {}

  afterInit(server: Server) {
    new Gauge({
      name: 'socketio_connected_sockets',
      help: 'Socket.IO connections open on this API process',
      registers: [this.metrics],
      collect() {
        this.set(server.engine?.clientsCount ?? 0);
      },
    });
    // A logout or password change ends its sessions' sockets too, on every API process (Redis adapter).
    this.tokens.onRevoked((sessionIds) => {
      for (const sid of sessionIds) server.in(sessionRoom(sid)).disconnectSockets(true);
    });
    // A refused handshake reaches the client as connect_error with the message 'unauthorized'.
    server.use((socket, next) => {
      this.authenticate(socket as AppSocket).then(
        (ok) => next(ok ? undefined : new Error('unauthorized')),
        (err) => {
          // Redis down says nothing about the token: the client retries instead of signing out.
          if (isRedisUnavailable(err)) return next(new Error('unavailable'));
          this.logger.warn({ err }, 'socket authentication failed');
          next(new Error('unauthorized'));
        },
      );
    });
  }

  async handleConnection(socket: AppSocket) {
    const { user, expiresAt } = socket.data;
    if (!user) return socket.disconnect(true);
    await socket.join([userRoom(user.id), sessionRoom(user.sid)]);
    if (STAFF_ROLES.includes(user.role)) await socket.join(NAVIGATORS_ROOM);
    // An expired token must not keep receiving health updates: the client reconnects with a fresh one.
    if (expiresAt) {
      const timer = setTimeout(() => socket.disconnect(true), Math.max(0, expiresAt - Date.now()));
      timer.unref();
      socket.once('disconnect', () => clearTimeout(timer));
    }
    if (!STAFF_ROLES.includes(user.role)) await this.catchUp(socket, user);
  }

  private async authenticate(socket: AppSocket): Promise<boolean> {
    const auth = socket.handshake.auth as Partial<SocketHandshakeAuth> | undefined;
    const header = socket.handshake.headers.authorization;
    const token =
      typeof auth?.token === 'string' ? auth.token : header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) return false;
    const user = await this.tokens.verify(token);
    if (!user) return false;
    const exp = (jwt.decode(token) as { exp?: number } | null)?.exp;
    socket.data = { user, expiresAt: exp ? exp * 1000 : null };
    return true;
  }

  /**
   * Replays the patient's application changes after auth.since, oldest first. This is what makes
   * a reconnect lose nothing whichever API process the socket lands on. Navigators see many
   * patients: their screen refetches the queue on reconnect instead.
   */
  private async catchUp(socket: AppSocket, user: AuthUser) {
    const raw = (socket.handshake.auth as Partial<SocketHandshakeAuth> | undefined)?.since;
    const since = typeof raw === 'string' ? parseDate(raw) : undefined;
    if (!since) return;
    const from = new Date(Math.max(since.getTime(), Date.now() - MAX_CATCH_UP_MS));
    try {
      const updates = await applicationUpdatesSince(this.db.manager, user.id, from);
      for (const update of updates) socket.emit(SOCKET_EVENTS.applicationUpdated, update);
    } catch (err) {
      this.logger.error({ err, userId: user.id }, 'socket catch-up failed');
    }
  }
}
