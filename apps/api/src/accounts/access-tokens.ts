import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { DataSource, type EntityManager } from 'typeorm';
import jwt from 'jsonwebtoken';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { ROLES, STAFF_ROLES, type Role, type SessionEndedReason } from '@rxbridge/contracts';
import { SETTINGS, type Settings, REDIS } from '@rxbridge/platform';
import { findUser, recordSessionActivity, sessionLastActive, sessionState } from '@rxbridge/accounts';
import type { AuthUser } from '../common/auth.guard';
import { RevokedSessions } from './revoked-sessions';

/** How long a session's check (role, still open) is reused by one API process (docs/architecture.md §9). */
const SESSION_CHECK_CACHE_MS = 2000;
/** A session's activity is written to Redis at most this often by one API process. */
const TOUCH_EVERY_MS = 5000;
/**
 * A session's activity is written to PostgreSQL at most this often (whichever API process finds the
 * time in its Redis key older), so a lost Redis loses at most this much of the idle clock (§9).
 */
const PERSIST_EVERY_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Short-lived JWTs naming the user and the session; an ended session is remembered (RevokedSessions)
 * until its tokens would expire anyway. The role in the token is never trusted: the user's role and the
 * session's state are read from the database (docs/architecture.md §9).
 */
@Injectable()
export class AccessTokens {
  private readonly logger = new Logger('AccessTokens');
  private readonly checked = new Map<string, { role: Role | null; at: number }>();

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(REDIS) private readonly redis: Redis,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RevokedSessions) private readonly revoked: RevokedSessions,
  ) {
    this.key = createSecretKey(Buffer.from(settings.JWT_SECRET));
  }

  /**
   * The HS256 secret as a KeyObject, made once: given a string, jsonwebtoken first tries it as a
   * PEM public key and builds a thrown error on every request (docs/architecture.md §15 Performance).
   */
  private readonly key: KeyObject;

  /**
   * `issuedAt` fixes the token's time, so the same user, session and time give the same token (the
   * refresh grace answers the same pair twice, docs/architecture.md §9); `expiresIn` is what is left.
   */
  sign(user: AuthUser, issuedAt?: Date): { token: string; expiresIn: number } {
    const ttl = this.settings.ACCESS_TOKEN_TTL_SECONDS;
    const iat = Math.floor((issuedAt?.getTime() ?? Date.now()) / 1000);
    const expiresIn = Math.max(1, ttl - Math.max(0, Math.floor(Date.now() / 1000) - iat));
    const token = jwt.sign({ sid: user.sid, iat }, this.key, {
      subject: user.id,
      expiresIn: ttl,
      algorithm: 'HS256',
      issuer: 'rxbridge',
    });
    return { token, expiresIn };
  }

  /** The user behind a token, or null when it is invalid, expired or its session was ended. */
  async verify(token: string): Promise<AuthUser | null> {
    const claims = this.claimsOf(token);
    if (!claims) return null;
    const { sub, sid } = claims;
    if (await this.isRevoked(sid)) return null;
    const role = await this.currentRole(sub, sid);
    return role ? { id: sub, role, sid } : null;
  }

  /**
   * Tokens whose signature this process checked, with their claims, until they expire. A token's
   * signature and claims never change, so checking them again on each request (base64, JSON and an
   * HMAC: a tenth of an authenticated request's CPU) learned nothing; whether its session is still
   * open and its role are asked on every request as before (docs/architecture.md §15).
   */
  private readonly verified = new Map<string, { sub: string; sid: string; expiresAt: number }>();

  private claimsOf(token: string): { sub: string; sid: string } | null {
    const known = this.verified.get(token);
    if (known && known.expiresAt > Date.now()) return known;
    let claims: jwt.JwtPayload;
    try {
      claims = jwt.verify(token, this.key, { algorithms: ['HS256'], issuer: 'rxbridge' }) as jwt.JwtPayload;
    } catch {
      return null;
    }
    const { sub, sid, exp } = claims as { sub?: string; sid?: string; exp?: number };
    if (!sub || !sid || !UUID.test(sub) || !UUID.test(sid) || typeof exp !== 'number') return null;
    if (this.verified.size >= 10_000) this.verified.clear();
    this.verified.set(token, { sub, sid, expiresAt: exp * 1000 });
    return { sub, sid };
  }

  /**
   * The user's role now, or null when the account is gone or disabled or the session was ended or is
   * past its absolute lifetime (an access token never outlives its session); kept for two seconds at most, so a demoted or disabled account loses access at once. `maxAgeMs` 0
   * reads the database whatever the cache holds (the admin-only queue board).
   */
  async currentRole(userId: string, sid: string, maxAgeMs = SESSION_CHECK_CACHE_MS): Promise<Role | null> {
    const key = `${userId}:${sid}`;
    const now = Date.now();
    const cached = this.checked.get(key);
    if (cached && now - cached.at < maxAgeMs) return cached.role;
    const row = await sessionState(this.db.manager, userId, sid);
    const live =
      row?.open &&
      row.started &&
      ROLES.includes(row.role) &&
      new Date(row.started).getTime() + this.maxSessionHours(row.role) * 3600_000 > now;
    const role = live ? row.role : null;
    if (this.checked.size > 10_000) this.checked.clear();
    this.checked.set(key, { role, at: now });
    return role;
  }

  /**
   * Whether a live connection opened as `user` may go on (docs/architecture.md §8): null when it may,
   * else why not. Read from the database and Redis each time, never from the two-second cache; the
   * idle limit is only looked at, not pushed back (a socket is not activity).
   */
  async liveVerdict(user: AuthUser): Promise<SessionEndedReason | null> {
    const row = await sessionState(this.db.manager, user.id, user.sid);
    if (!row) return (await findUser(this.db.manager, user.id))?.disabledAt ? 'disabled' : 'ended';
    if (row.role !== user.role) return 'role-changed';
    if (!row.open || !row.started || (await this.isRevoked(user.sid))) return 'ended';
    if (new Date(row.started).getTime() + this.maxSessionHours(row.role) * 3600_000 <= Date.now()) return 'expired';
    if (await this.sitsIdle(user)) return 'idle';
    return null;
  }

  /**
   * Whether the session sat idle past its limit, without counting the question as activity. A
   * missing key is only a cache miss: PostgreSQL's last activity decides (§6 When Redis loses its data).
   */
  async sitsIdle(user: AuthUser): Promise<boolean> {
    if ((await this.redis.exists(this.activeKey(user.sid))) === 1) return false;
    const lastActive = await sessionLastActive(this.db.manager, user.sid);
    return lastActive === null || Date.now() - lastActive.getTime() >= this.idleMs(user.role);
  }

  /** Whether a login session was ended (logout, password change, idle, a stolen refresh token). */
  isRevoked(sid: string): Promise<boolean> {
    return this.revoked.has(sid);
  }

  /** Ends the sessions' access tokens on every API process (docs/architecture.md §9). */
  async revokeSessions(sessionIds: string[]): Promise<void> {
    if (!sessionIds.length) return;
    for (const sid of sessionIds)
      for (const key of this.checked.keys()) if (key.endsWith(`:${sid}`)) this.checked.delete(key);
    await this.revoked.add(sessionIds);
  }

  /**
   * The session a token names, from its signed claims alone, whether or not the session is still open and without
   * Redis: what logging out needs (ending an ended session changes nothing). Null for a bad or expired token.
   */
  sessionIdOf(token: string): string | null {
    return this.claimsOf(token)?.sid ?? null;
  }

  /**
   * Lets the socket gateway re-check the live connections of ended sessions at once: every ending
   * this process learns, announced by any API process (docs/architecture.md §8, §9).
   */
  onRevoked(listener: (sessionIds: string[]) => void): () => void {
    return this.revoked.onEnded(listener);
  }

  /** How long a session of this role lasts from its login, however often refreshed (docs/product.md §7). */
  maxSessionHours(role: Role): number {
    return STAFF_ROLES.includes(role) ? this.settings.SESSION_MAX_HOURS_STAFF : this.settings.SESSION_MAX_HOURS_PATIENT;
  }

  /** How long a session of this role may sit without activity (docs/product.md §7). */
  idleMs(role: Role): number {
    const minutes = STAFF_ROLES.includes(role)
      ? this.settings.SESSION_IDLE_MINUTES_STAFF
      : this.settings.SESSION_IDLE_MINUTES_PATIENT;
    return Math.round(minutes * 60_000);
  }

  private readonly touched = new Map<string, number>();

  /**
   * A new session starts active: its activity key lives for the idle limit and holds when the
   * activity was last written to PostgreSQL, where the login's refresh token already counts
   * (docs/architecture.md §9).
   */
  async markActive(sid: string, role: Role): Promise<void> {
    await this.redis.set(this.activeKey(sid), String(Date.now()), 'PX', this.idleMs(role));
    this.touched.set(sid, Date.now());
  }

  /**
   * Records activity of a session; false when it sat idle past its limit. Redis is asked at most
   * every few seconds per session and process (`force` always asks: refresh). A missing key is only
   * a cache miss: PostgreSQL's last activity decides (Redis may have lost its data, §6 When Redis
   * loses its data), read through `manager` when the caller holds a transaction (§11).
   */
  async touch(user: AuthUser, force = false, manager: EntityManager = this.db.manager): Promise<boolean> {
    const idleMs = this.idleMs(user.role);
    const now = Date.now();
    const last = this.touched.get(user.sid);
    if (!force && last !== undefined && now - last < Math.min(TOUCH_EVERY_MS, idleMs / 10)) return true;
    const key = this.activeKey(user.sid);
    const [[, extended], [, savedAt]] = (await this.redis.multi().pexpire(key, idleMs).get(key).exec()) as [
      [null, number],
      [null, string | null],
    ];
    let active = extended === 1;
    if (active && now - Number(savedAt) >= PERSIST_EVERY_MS) {
      // The key holds when PostgreSQL last heard: the first process to find it a minute old writes.
      await this.redis.set(key, String(now), 'PX', idleMs, 'XX');
      this.persistActivity(user.sid, now);
    } else if (!active) {
      const lastActive = await sessionLastActive(manager, user.sid);
      active = lastActive !== null && now - lastActive.getTime() < idleMs;
      if (active) {
        await this.redis.set(key, String(now), 'PX', idleMs);
        this.persistActivity(user.sid, now);
      }
    }
    if (this.touched.size > 10_000) this.touched.clear();
    if (active) this.touched.set(user.sid, now);
    else this.touched.delete(user.sid);
    return active;
  }

  /** Off the request's path: a failed write only leaves PostgreSQL's clock a minute behind. */
  private persistActivity(sid: string, at: number): void {
    recordSessionActivity(this.db.manager, sid, new Date(at)).catch((err: unknown) =>
      this.logger.warn({ err }, 'could not record a session activity in PostgreSQL'),
    );
  }

  private activeKey(sid: string) {
    return `${this.settings.REDIS_PREFIX}:session-active:${sid}`;
  }
}
