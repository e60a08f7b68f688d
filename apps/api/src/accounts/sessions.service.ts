import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { MESSAGES, type Role } from '@rxbridge/contracts';
import { RefreshToken, User } from '@rxbridge/database';
import { SETTINGS, type Settings, unauthorized } from '@rxbridge/platform';
import { AccessTokens } from './access-tokens';
import { newOpaqueToken, sha256 } from '@rxbridge/accounts';

export interface IssuedSession {
  token: string;
  refreshToken: string;
  expiresIn: number;
}

/**
 * Login sessions as families of rotating refresh tokens: each refresh spends its token and issues the
 * next; presenting a spent token means it was stolen, so the whole family is revoked.
 */
@Injectable()
export class SessionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(AccessTokens) private readonly accessTokens: AccessTokens,
  ) {}

  async start(user: { id: string; role: Role }, manager: EntityManager = this.db.manager): Promise<IssuedSession> {
    const familyId = randomUUID();
    const refreshToken = await this.storeRefreshToken(manager, user.id, familyId);
    return { ...this.accessTokens.sign({ id: user.id, role: user.role, sid: familyId }), refreshToken };
  }

  /** A fresh access token in the same session (after signup-complete, or a role change). */
  reissue(user: { id: string; role: Role; sid: string }) {
    return this.accessTokens.sign(user);
  }

  async refresh(presented: string): Promise<IssuedSession> {
    const outcome = await this.db.transaction(async (manager) => {
      const row = await manager.getRepository(RefreshToken).findOne({
        where: { tokenHash: sha256(presented) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row) return { error: true as const };
      if (row.usedAt || row.revokedAt) {
        await this.revokeFamilies(manager, [row.familyId]);
        return { error: true as const, revokedFamily: row.familyId };
      }
      if (row.expiresAt.getTime() <= Date.now()) return { error: true as const };
      const user = await manager.getRepository(User).findOneBy({ id: row.userId });
      if (!user || user.disabledAt) return { error: true as const };
      await manager.update(RefreshToken, { id: row.id }, { usedAt: new Date() });
      const refreshToken = await this.storeRefreshToken(manager, user.id, row.familyId);
      return { error: false as const, user, familyId: row.familyId, refreshToken };
    });
    if (outcome.error) {
      // Revoking in Redis after commit: the access tokens of a stolen family stop working at once.
      if (outcome.revokedFamily) await this.accessTokens.revokeSessions([outcome.revokedFamily]);
      throw unauthorized(MESSAGES.invalidRefreshToken, 'invalid-refresh-token');
    }
    const { user, familyId, refreshToken } = outcome;
    return { ...this.accessTokens.sign({ id: user.id, role: user.role, sid: familyId }), refreshToken };
  }

  /** Ends one session (logout). */
  async end(sessionId: string): Promise<void> {
    await this.revokeFamilies(this.db.manager, [sessionId]);
    await this.accessTokens.revokeSessions([sessionId]);
  }

  /** Ends every session of a user but `keep` (after a password change or reset). */
  async endAllFor(userId: string, manager: EntityManager, keep?: string): Promise<string[]> {
    const rows: { family_id: string }[] = await manager.query(
      `SELECT DISTINCT family_id FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL`,
      [userId],
    );
    const families = rows.map((r) => r.family_id).filter((f) => f !== keep);
    await this.revokeFamilies(manager, families);
    return families;
  }

  revokeAccess(sessionIds: string[]) {
    return this.accessTokens.revokeSessions(sessionIds);
  }

  private async revokeFamilies(manager: EntityManager, familyIds: string[]) {
    for (const familyId of familyIds) {
      await manager.update(RefreshToken, { familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
    }
  }

  private async storeRefreshToken(manager: EntityManager, userId: string, familyId: string): Promise<string> {
    const token = newOpaqueToken();
    const expiresAt = new Date(Date.now() + this.settings.REFRESH_TOKEN_TTL_DAYS * 86400_000);
    await manager.insert(RefreshToken, { userId, familyId, tokenHash: sha256(token), expiresAt });
    return token;
  }
}
