import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGES, type Role } from '@rxbridge/contracts';
import { accountDisabled, SETTINGS, type Settings, unauthorized } from '@rxbridge/platform';
import { AccessTokens } from './access-tokens';
import {
  findRefreshToken,
  findUser,
  insertRefreshToken,
  lockRefreshToken,
  markRefreshTokenUsed,
  newOpaqueToken,
  openSessionIds,
  refreshSuccessor,
  revokeSessionTokens,
  sessionStarted,
  sha256,
} from '@rxbridge/accounts';

export interface IssuedSession {
  token: string;
  refreshToken: string;
  expiresIn: number;
}

/**
 * A token spent this recently may be presented again without revoking its session: two tabs of one
 * browser refreshing at once (docs/architecture.md §9).
 */
const REFRESH_GRACE_MS = 5000;

/**
 * Login sessions as families of rotating refresh tokens: each refresh spends its token and issues the
 * next; presenting a spent token means it was stolen, so the whole family is revoked (unless it was
 * spent within the grace period). A session ends at its absolute lifetime whatever its refreshes.
 */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger('Sessions');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(AccessTokens) private readonly accessTokens: AccessTokens,
  ) {}

  async start(user: { id: string; role: Role }, manager: EntityManager = this.db.manager): Promise<IssuedSession> {
    const familyId = randomUUID();
    // The activity mark of a session whose row then fails to commit names nothing: both go at once.
    const [refreshToken] = await Promise.all([
      this.storeRefreshToken(manager, user.id, familyId, this.sessionEnd(user.role, new Date())),
      this.accessTokens.markActive(familyId, user.role),
    ]);
    return { ...this.accessTokens.sign({ id: user.id, role: user.role, sid: familyId }), refreshToken };
  }

  /** A fresh access token in the same session (after signup-complete, or a role change). */
  reissue(user: { id: string; role: Role; sid: string }) {
    return this.accessTokens.sign(user);
  }

  async refresh(presented: string): Promise<IssuedSession> {
    const outcome = await this.db.transaction(async (manager) => {
      const row = await lockRefreshToken(manager, sha256(presented));
      if (!row) return { error: true as const };
      const user = await findUser(manager, row.userId);
      if (!user) return { error: true as const };
      if (user.disabledAt) return { error: true as const, disabled: true };
      const inGrace = row.usedAt && !row.revokedAt && Date.now() - row.usedAt.getTime() < REFRESH_GRACE_MS;
      if (!inGrace && (row.usedAt || row.revokedAt)) {
        await revokeSessionTokens(manager, [row.familyId]);
        return { error: true as const, revokedFamily: row.familyId };
      }
      if (row.expiresAt.getTime() <= Date.now()) return { error: true as const };
      const end = this.sessionEnd(user.role, await sessionStarted(manager, row.familyId));
      if (end.getTime() <= Date.now()) {
        await revokeSessionTokens(manager, [row.familyId]);
        return { error: true as const, revokedFamily: row.familyId };
      }
      // Idle logoff: a refresh is activity, but not after the session sat idle past its limit. Read through
      // this transaction: a second pooled connection here froze the process (docs/architecture.md §11).
      const session = { id: user.id, role: user.role, sid: row.familyId };
      if (!(await this.accessTokens.touch(session, true, manager))) {
        await revokeSessionTokens(manager, [row.familyId]);
        return { error: true as const, revokedFamily: row.familyId, idle: true };
      }
      // The replacement is derived from the token spent, and the access token's time is the spending:
      // a second refresh in the grace (two tabs) answers the very same pair (docs/architecture.md §9).
      const refreshToken = refreshSuccessor(this.settings.JWT_SECRET, presented);
      const spentAt = row.usedAt ?? new Date();
      if (row.usedAt) {
        const next = await findRefreshToken(manager, sha256(refreshToken));
        if (!next || next.revokedAt) return { error: true as const };
      } else {
        await markRefreshTokenUsed(manager, row.id, spentAt);
        await this.storeRefreshToken(manager, user.id, row.familyId, end, refreshToken);
      }
      return { error: false as const, user, familyId: row.familyId, refreshToken, spentAt };
    });
    if (outcome.error) {
      // Revoking in Redis after commit: the access tokens of a stolen family stop working at once.
      if (outcome.revokedFamily) await this.revokeAccess([outcome.revokedFamily]);
      if ('disabled' in outcome) throw accountDisabled();
      if ('idle' in outcome) throw unauthorized(MESSAGES.sessionIdle, 'session-idle');
      throw unauthorized(MESSAGES.invalidRefreshToken, 'invalid-refresh-token');
    }
    const { user, familyId, refreshToken, spentAt } = outcome;
    return { ...this.accessTokens.sign({ id: user.id, role: user.role, sid: familyId }, spentAt), refreshToken };
  }

  /** The session a refresh token belongs to (spent or not), or null. */
  async sessionOf(refreshToken: string): Promise<string | null> {
    const row = await findRefreshToken(this.db.manager, sha256(refreshToken));
    return row?.familyId ?? null;
  }

  /** Ends one session (logout). */
  async end(sessionId: string): Promise<void> {
    await revokeSessionTokens(this.db.manager, [sessionId]);
    await this.revokeAccess([sessionId]);
  }

  /** Ends every session of a user but `keep` (after a password change or reset). */
  async endAllFor(userId: string, manager: EntityManager, keep?: string): Promise<string[]> {
    const families = (await openSessionIds(manager, userId)).filter((f) => f !== keep);
    await revokeSessionTokens(manager, families);
    return families;
  }

  /**
   * Announces sessions ended in PostgreSQL (committed), so their access tokens stop at once on every node. The
   * announcement only makes the ending immediate: with Redis down, each session's database check ends its access
   * tokens within two seconds anyway (docs/architecture.md §9), so the change that ended them (a logout, a disable, a
   * password reset) is answered as done, never as a 503 "nothing was written".
   */
  async revokeAccess(sessionIds: string[]): Promise<void> {
    await this.accessTokens
      .revokeSessions(sessionIds)
      .catch((error: unknown) =>
        this.logger.warn(`sessions ended in PostgreSQL; their announcement failed: ${(error as Error).message}`),
      );
  }

  /** When a session that started at `started` ends, however often it is refreshed (docs/product.md §7). */
  private sessionEnd(role: Role, started: Date): Date {
    return new Date(new Date(started).getTime() + this.accessTokens.maxSessionHours(role) * 3600_000);
  }

  private async storeRefreshToken(
    manager: EntityManager,
    userId: string,
    familyId: string,
    sessionEnd: Date,
    token = newOpaqueToken(),
  ): Promise<string> {
    const expiresAt = new Date(
      Math.min(Date.now() + this.settings.REFRESH_TOKEN_TTL_DAYS * 86400_000, sessionEnd.getTime()),
    );
    await insertRefreshToken(manager, { userId, familyId, tokenHash: sha256(token), expiresAt });
    return token;
  }
}
