import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import jwt from 'jsonwebtoken';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { ROLES, type Role } from '@rxbridge/contracts';
import { SETTINGS, type Settings, REDIS } from '@rxbridge/platform';
import type { AuthUser } from '../common/auth.guard';

/** Short-lived JWTs; a logged-out session is remembered in Redis until its tokens would expire anyway. */
@Injectable()
export class AccessTokens {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.key = createSecretKey(Buffer.from(settings.JWT_SECRET));
  }

  /**
   * The HS256 secret as a KeyObject, made once: given a string, jsonwebtoken first tries it as a
   * PEM public key and builds a thrown error on every request (docs/architecture.md §14 Performance).
   */
  private readonly key: KeyObject;

  sign(user: AuthUser): { token: string; expiresIn: number } {
    const expiresIn = this.settings.ACCESS_TOKEN_TTL_SECONDS;
    const token = jwt.sign({ role: user.role, sid: user.sid }, this.key, {
      subject: user.id,
      expiresIn,
      algorithm: 'HS256',
      issuer: 'rxbridge',
    });
    return { token, expiresIn };
  }

  /** The user behind a token, or null when it is invalid, expired or its session was ended. */
  async verify(token: string): Promise<AuthUser | null> {
    let claims: jwt.JwtPayload;
    try {
      claims = jwt.verify(token, this.key, {
        algorithms: ['HS256'],
        issuer: 'rxbridge',
      }) as jwt.JwtPayload;
    } catch {
      return null;
    }
    const { sub, role, sid } = claims as { sub?: string; role?: Role; sid?: string };
    if (!sub || !sid || !role || !ROLES.includes(role)) return null;
    if (await this.redis.exists(this.revokedKey(sid))) return null;
    return { id: sub, role, sid };
  }

  async revokeSessions(sessionIds: string[]): Promise<void> {
    if (!sessionIds.length) return;
    const pipeline = this.redis.pipeline();
    for (const sid of sessionIds) pipeline.set(this.revokedKey(sid), '1', 'EX', this.settings.ACCESS_TOKEN_TTL_SECONDS);
    await pipeline.exec();
    for (const listener of this.revokedListeners) listener(sessionIds);
  }

  private readonly revokedListeners = new Set<(sessionIds: string[]) => void>();

  /** Lets the socket gateway cut the live connections of ended sessions at once. */
  onRevoked(listener: (sessionIds: string[]) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  private revokedKey(sid: string) {
    return `${this.settings.REDIS_PREFIX}:revoked-session:${sid}`;
  }
}
