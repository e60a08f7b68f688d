import { Inject, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import jwt from 'jsonwebtoken';
import type { Server, Socket } from 'socket.io';
import { DataSource } from 'typeorm';
import { Gauge, type Registry } from 'prom-client';
import { METRICS, SETTINGS, type Settings } from '@rxbridge/platform';
import {
  NAVIGATORS_ROOM,
  SOCKET_EVENTS,
  STAFF_ROLES,
  userRoom,
  type ServerToClientEvents,
  type SessionEndedReason,
  type SocketHandshakeAuth,
} from '@rxbridge/contracts';
import { parseDate } from '@rxbridge/domain';
import { AccessTokens } from '../accounts/access-tokens';
import type { AuthUser } from '../common/auth.guard';
import { applicationUpdatesSince } from '@rxbridge/applications';
import { isRedisUnavailable } from '@rxbridge/platform';
import { liveMessages, WriterPushes } from '@rxbridge/events';

const sessionRoom = (sid: string) => `session:${sid}`;

interface SocketData {
  user: AuthUser;
  expiresAt: number | null;
}
type AppSocket = Socket<Record<string, never>, ServerToClientEvents, Record<string, never>, SocketData>;

/** How many sessions one re-check pass reads at a time: the pool serves requests meanwhile. */
const RECHECK_PARALLEL = 10;

/** How long a patient's catch-up may reach back; older changes come with the client's refetch. */
const MAX_CATCH_UP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Live updates (docs/architecture.md §8 Real time): authenticated at the handshake with the same JWT as the API,
 * one room per patient (`user:{id}`) and one for navigators. Nothing is pushed from here: a change's
 * writer publishes after its commit (WriterPushes, which hands this process's pushes straight to its
 * own sockets), the worker and the outbox relay through Redis.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnApplicationShutdown {
  private readonly logger = new Logger('RealtimeGateway');
  private server: Server | null = null;
  private recheckTimer: NodeJS.Timeout | undefined;
  private rechecking = false;

  constructor(
    @Inject(AccessTokens) private readonly tokens: AccessTokens,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(METRICS) private readonly metrics: Registry,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onApplicationShutdown() {
    clearInterval(this.recheckTimer);
    WriterPushes.deliverLocally(this.db, null);
  }

  afterInit(server: Server) {
    new Gauge({
      name: 'socketio_connected_sockets',
      help: 'Socket.IO connections open on this API process',
      registers: [this.metrics],
      collect() {
        this.set(server.engine?.clientsCount ?? 0);
      },
    });
    this.server = server;
    // This process's own writes reach its sockets without the trip through Redis (docs/architecture.md §8).
    WriterPushes.deliverLocally(this.db, {
      get senderId() {
        return (server.of('/').adapter as unknown as { uid: string }).uid;
      },
      emit: (push) => {
        for (const m of liveMessages(push)) server.local.to(m.rooms).emit(m.event, m.data);
      },
    });
    // Live feeds follow access (docs/architecture.md §8): every ending announced by any API process
    // (logout, password change, an ADMIN's change) re-checks that session's sockets here at once,
    // and every socket is re-checked each SOCKET_RECHECK_MS for what nobody announces (idle, limits).
    this.tokens.onRevoked((sessionIds) => {
      const ended = new Set(sessionIds);
      void this.recheck(this.localSockets().filter((s) => ended.has(s.data.user.sid)));
    });
    this.recheckTimer = setInterval(() => {
      if (this.rechecking) return;
      this.rechecking = true;
      void this.recheck(this.localSockets()).finally(() => (this.rechecking = false));
    }, this.settings.SOCKET_RECHECK_MS);
    this.recheckTimer.unref();
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

  /** This process's connected sockets that passed the handshake. */
  private localSockets(): AppSocket[] {
    const sockets = this.server?.of('/').sockets as Map<string, AppSocket> | undefined;
    return sockets ? [...sockets.values()].filter((s) => s.data?.user) : [];
  }

  /**
   * Asks once per session whether its sockets may go on; those that may not are told why
   * (`session.ended`) and disconnected. A failed check (PostgreSQL or Redis away) leaves them be:
   * it says nothing about the session, and the next pass asks again.
   */
  private async recheck(sockets: AppSocket[]) {
    const bySession = new Map<string, AppSocket[]>();
    for (const socket of sockets) {
      const { id, sid, role } = socket.data.user;
      const key = `${id}:${sid}:${role}`;
      const group = bySession.get(key);
      if (group) group.push(socket);
      else bySession.set(key, [socket]);
    }
    const groups = [...bySession.values()];
    for (let i = 0; i < groups.length; i += RECHECK_PARALLEL) {
      await Promise.all(
        groups.slice(i, i + RECHECK_PARALLEL).map(async (group) => {
          let reason: SessionEndedReason | null;
          try {
            reason = await this.tokens.liveVerdict(group[0].data.user);
          } catch (err) {
            this.logger.warn({ err }, 'socket re-check failed');
            return;
          }
          if (reason) for (const socket of group) this.end(socket, reason);
        }),
      );
    }
  }

  private end(socket: AppSocket, reason: SessionEndedReason) {
    if (!socket.connected) return;
    socket.emit(SOCKET_EVENTS.sessionEnded, { reason });
    socket.disconnect(true);
  }

  private async authenticate(socket: AppSocket): Promise<boolean> {
    const auth = socket.handshake.auth as Partial<SocketHandshakeAuth> | undefined;
    const header = socket.handshake.headers.authorization;
    const token =
      typeof auth?.token === 'string' ? auth.token : header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) return false;
    const user = await this.tokens.verify(token);
    if (!user) return false;
    // The HTTP guard's check: a session idle past its limit opens nothing (a socket itself is not activity, §8); its
    // next request ends it, with the idle message.
    if (await this.tokens.sitsIdle(user)) return false;
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
