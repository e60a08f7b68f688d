import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGES, type VerifyEmailAnswer } from '@rxbridge/contracts';
import { appendToOutbox } from '@rxbridge/events';
import { SETTINGS, type Settings, badRequest, conflict, notFound } from '@rxbridge/platform';
import { RATE_LIMITS, RateLimiter } from '../common/rate-limiter';
import {
  insertVerification,
  lockUser,
  lockVerification,
  markEmailVerified,
  openVerificationToken,
  spendVerification,
  VERIFICATION_TTL_MS,
} from '@rxbridge/accounts';

/**
 * What a verification link answers: a status, and on the first, valid verification the minimal user
 * (id, email, emailVerified). A link is a bearer secret that sits in a mailbox forever, so a used,
 * expired or superseded one hands out nothing (docs/product.md §7.4).
 */
export type VerifyOutcome = VerifyEmailAnswer;

@Injectable()
export class EmailVerificationService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  /** Creates a verification and its email event in the caller's transaction. */
  async issue(manager: EntityManager, userId: string, reason: 'user.registered' | 'user.verification_requested') {
    const id = await insertVerification(manager, userId, new Date(Date.now() + VERIFICATION_TTL_MS));
    await appendToOutbox(manager, reason, { userId, verificationId: id }, userId);
  }

  /**
   * Single use and expiring: a used or expired link answers its error before anything else is looked
   * at; a live link for an account verified meanwhile (through a newer link) reports it and is spent.
   */
  async verify(token: string): Promise<VerifyOutcome> {
    const id = openVerificationToken(this.settings.JWT_SECRET, token);
    if (!id) throw badRequest(MESSAGES.invalidVerificationToken, undefined, 'invalid-token');
    const verified = await this.db.transaction(async (manager) => {
      const row = await lockVerification(manager, id);
      if (!row) throw badRequest(MESSAGES.invalidVerificationToken, undefined, 'invalid-token');
      if (row.usedAt) throw badRequest(MESSAGES.verificationTokenUsed, undefined, 'token-used');
      if (row.expiresAt.getTime() <= Date.now()) {
        throw badRequest(MESSAGES.invalidVerificationToken, undefined, 'invalid-token');
      }
      const user = await lockUser(manager, row.userId);
      if (!user) throw badRequest(MESSAGES.invalidVerificationToken, undefined, 'invalid-token');
      const now = new Date();
      await spendVerification(manager, id, now);
      if (user.emailVerifiedAt) return null;
      await markEmailVerified(manager, user.id, now);
      return { id: user.id, email: user.email, emailVerified: true as const };
    });
    // Only the first, valid verification names the account, and only minimally (docs/product.md §7.4).
    if (!verified) return { status: 'already-verified', alreadyVerified: true };
    return { status: 'verified', alreadyVerified: false, user: verified };
  }

  async resend(userId: string, address: string): Promise<void> {
    await this.limiter.hit([RATE_LIMITS.resendAccount, userId], [RATE_LIMITS.resendAddress, address]);
    await this.db.transaction(async (manager) => {
      const user = await lockUser(manager, userId);
      if (!user) throw notFound('Account');
      if (user.emailVerifiedAt) throw conflict(MESSAGES.emailAlreadyVerified, 'already-verified');
      await this.issue(manager, userId, 'user.verification_requested');
    });
  }
}
