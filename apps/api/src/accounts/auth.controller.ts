import { Body, Controller, HttpCode, HttpStatus, Inject, Ip, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  forgotPasswordSchema,
  MESSAGES,
  refreshSchema,
  resetPasswordWithTokenSchema,
  verifyEmailSchema,
  okAnswerSchema,
  sessionTokensSchema,
  verifyEmailAnswerSchema,
  FIELD_MESSAGES,
} from '@rxbridge/contracts';
import type { z } from 'zod';
import { CurrentUser, LoginNeededMessage, Public, type AuthUser } from '../common/auth.guard';
import { withMessage } from '../common/envelope';
import { ZodPipe } from '../common/zod-validation.pipe';
import { EmailVerificationService } from './email-verification.service';
import { PasswordResetService } from './password-reset.service';
import { SessionsService } from './sessions.service';
import { RefreshCookie } from './refresh-cookie';
import { ApiError, badRequest } from '@rxbridge/platform';
import { Answer } from '../common/answer';
import { RATE_LIMITS, RateLimiter } from '../common/rate-limiter';

/** /auth: token refresh, email verification and the link flow of password reset. */
@Controller('auth')
export class AuthController {
  constructor(
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(EmailVerificationService) private readonly verification: EmailVerificationService,
    @Inject(PasswordResetService) private readonly resets: PasswordResetService,
    @Inject(RefreshCookie) private readonly cookie: RefreshCookie,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @Answer(sessionTokensSchema)
  @Public()
  @Post('refresh')
  @HttpCode(200)
  async refresh(
    @Body(new ZodPipe(refreshSchema)) body: z.output<typeof refreshSchema>,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
    @Ip() ip: string,
  ) {
    await this.limiter.hit([RATE_LIMITS.refreshAddress, ip]);
    // The body's token first (API clients), else the web app's HttpOnly cookie (docs/architecture.md §9).
    const presented = body.refreshToken ?? this.cookie.read(req);
    if (!presented) {
      const message = FIELD_MESSAGES.required('Refresh token');
      throw badRequest(message, { refreshToken: message }, 'validation-failed');
    }
    try {
      const session = await this.sessions.refresh(presented);
      this.cookie.set(res, session.refreshToken);
      return session;
    } catch (err) {
      // A refused cookie (401, 403) is dropped, so the browser stops sending it. A failure (a 503 while PostgreSQL
      // restarts) keeps it: it is the browser's only copy of an open session, and the retry needs it (architecture §9).
      if (!body.refreshToken && isRefusal(err)) this.cookie.clear(res);
      throw err;
    }
  }

  @Answer(verifyEmailAnswerSchema)
  @Public()
  @Post('verify-email')
  @HttpCode(200)
  async verifyEmail(@Body(new ZodPipe(verifyEmailSchema)) body: { token: string }, @Ip() ip: string) {
    await this.limiter.hit([RATE_LIMITS.verifyEmailAddress, ip]);
    const outcome = await this.verification.verify(body.token);
    return withMessage(outcome, outcome.alreadyVerified ? MESSAGES.emailAlreadyVerified : MESSAGES.emailVerified);
  }

  @Answer(okAnswerSchema)
  @Post('resend-verification')
  @LoginNeededMessage(MESSAGES.resendNeedsLogin)
  @HttpCode(200)
  async resend(@CurrentUser() user: AuthUser, @Ip() ip: string) {
    await this.verification.resend(user.id, ip);
    return withMessage({ success: true }, MESSAGES.verificationSent);
  }

  @Answer(okAnswerSchema)
  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  async forgotPassword(@Body(new ZodPipe(forgotPasswordSchema)) body: { email: string }, @Ip() ip: string) {
    await this.resets.request(body.email, 'link', ip);
    return withMessage({ success: true }, MESSAGES.resetLinkSent);
  }

  @Answer(okAnswerSchema)
  @Public()
  @Post('reset-password')
  @HttpCode(200)
  async resetPassword(
    @Body(new ZodPipe(resetPasswordWithTokenSchema)) body: z.output<typeof resetPasswordWithTokenSchema>,
    @Ip() ip: string,
  ) {
    await this.resets.resetWithToken(body.token, body.newPassword, ip);
    return withMessage({ success: true }, MESSAGES.passwordResetDone);
  }
}

/** The refresh token itself was turned down (spent, revoked, expired, the account disabled), not a failure to answer. */
const isRefusal = (err: unknown) =>
  err instanceof ApiError && (err.getStatus() === HttpStatus.UNAUTHORIZED || err.getStatus() === HttpStatus.FORBIDDEN);
