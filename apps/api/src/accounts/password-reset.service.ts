import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGES } from '@rxbridge/contracts';
import type { PasswordReset } from '@rxbridge/database';
import { appendToOutbox } from '@rxbridge/events';
import { SETTINGS, type Settings, badRequest } from '@rxbridge/platform';
import { RATE_LIMITS, RateLimiter } from '../common/rate-limiter';
import {
  openResetLinkToken,
  RESET_MAX_FAILED_ATTEMPTS,
  RESET_TTL_MS,
  resetCodeMatches,
  hashPassword,
  findUserByEmail,
  insertReset,
  lockCredentials,
  lockLiveReset,
  recordWrongCode,
  setPassword,
  spendReset,
  supersedeResets,
} from '@rxbridge/accounts';
import { SessionsService } from './sessions.service';

/**
 * Password reset by a mailed 6-digit code (or a mailed link). Codes expire in 15 minutes, work once,
 * and die after 5 wrong tries; the answer to a request never tells whether the email has an account.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  async request(email: string, via: 'code' | 'link', address: string): Promise<void> {
    await this.limiter.hit([RATE_LIMITS.resetAddress, address], [RATE_LIMITS.resetAccount, email]);
    const user = await findUserByEmail(this.db.manager, email);
    if (!user) return;
    await this.db.transaction(async (manager) => {
      // A new request supersedes the previous ones: only the newest code works. Under the account's row lock, so two
      // requests at the same moment run one after the other and the second sees the first's to supersede it.
      await lockCredentials(manager, user.id);
      await supersedeResets(manager, user.id);
      const id = await insertReset(manager, user.id, via, new Date(Date.now() + RESET_TTL_MS));
      await appendToOutbox(manager, 'user.password_reset_requested', { userId: user.id, resetId: id, via }, user.id);
    });
  }

  async resetWithCode(email: string, code: string, newPassword: string, address: string): Promise<void> {
    await this.limiter.hit([RATE_LIMITS.resetAttemptAddress, address]);
    const passwordHash = await hashPassword(newPassword);
    const outcome = await this.db.transaction(async (manager) => {
      const user = await findUserByEmail(manager, email);
      if (!user) return false;
      const reset = await lockLiveReset(manager, { via: 'code', userId: user.id });
      if (!reset || reset.failedAttempts >= RESET_MAX_FAILED_ATTEMPTS) return false;
      if (!resetCodeMatches(this.settings.JWT_SECRET, reset.id, code)) {
        // Committed, not rolled back: the wrong try must count.
        const failedAttempts = reset.failedAttempts + 1;
        await recordWrongCode(manager, reset.id, failedAttempts, failedAttempts >= RESET_MAX_FAILED_ATTEMPTS);
        return false;
      }
      return this.complete(manager, reset, user.id, passwordHash);
    });
    if (!outcome) throw badRequest(MESSAGES.invalidResetCode, undefined, 'invalid-reset-code');
    await this.sessions.revokeAccess(outcome);
  }

  async resetWithToken(token: string, newPassword: string, address: string): Promise<void> {
    await this.limiter.hit([RATE_LIMITS.resetAttemptAddress, address]);
    const id = openResetLinkToken(this.settings.JWT_SECRET, token);
    if (!id) throw badRequest(MESSAGES.invalidResetToken, undefined, 'invalid-reset-token');
    const passwordHash = await hashPassword(newPassword);
    const outcome = await this.db.transaction(async (manager) => {
      const reset = await lockLiveReset(manager, { via: 'link', id });
      return reset ? this.complete(manager, reset, reset.userId, passwordHash) : false;
    });
    if (!outcome) throw badRequest(MESSAGES.invalidResetToken, undefined, 'invalid-reset-token');
    await this.sessions.revokeAccess(outcome);
  }

  /** Spends the reset, sets the password and ends every session; returns the ended sessions. */
  private async complete(
    manager: EntityManager,
    reset: PasswordReset,
    userId: string,
    passwordHash: string,
  ): Promise<string[]> {
    await spendReset(manager, reset.id);
    await setPassword(manager, userId, passwordHash);
    await appendToOutbox(manager, 'user.password_changed', { userId }, userId);
    return this.sessions.endAllFor(userId, manager);
  }
}
