import { Body, Controller, Get, HttpCode, Inject, Ip, Patch, Post, Put, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '@rxbridge/platform';
import {
  API_MESSAGES,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  logoutSchema,
  MESSAGES,
  profileUpdateSchema,
  resetPasswordWithCodeSchema,
  signupCompleteSchema,
  signupSchema,
  authResultSchema,
  emptyAnswerSchema,
  okAnswerSchema,
  profileAnswerSchema,
  signupCompleteAnswerSchema,
} from '@rxbridge/contracts';
import type { z } from 'zod';
import { bearerToken, CurrentUser, Public, type AuthUser } from '../common/auth.guard';
import { AccessTokens } from './access-tokens';
import { withMessage } from '../common/envelope';
import { ZodPipe } from '../common/zod-validation.pipe';
import { AccountsService } from './accounts.service';
import { PasswordResetService } from './password-reset.service';
import { SessionsService } from './sessions.service';
import { RefreshCookie } from './refresh-cookie';
import { Answer } from '../common/answer';

/** /users: signup, login, profile and the code flow of password reset (docs/product.md §10 API). */
@Controller('users')
export class UsersController {
  constructor(
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(PasswordResetService) private readonly resets: PasswordResetService,
    @Inject(AccessTokens) private readonly tokens: AccessTokens,
    @Inject(RefreshCookie) private readonly cookie: RefreshCookie,
  ) {}

  @Answer(authResultSchema)
  @Public()
  @Post('signup')
  async signup(
    @Body(new ZodPipe(signupSchema)) body: z.output<typeof signupSchema>,
    @Ip() ip: string,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const result = await this.accounts.signup(body, ip);
    // The tokens stay in the answer (the contract) and the refresh token is also set as the web app's cookie.
    this.cookie.set(res, result.refreshToken);
    return withMessage(result, API_MESSAGES.accountCreated);
  }

  @Answer(authResultSchema)
  @Public()
  @Post('login')
  @HttpCode(200)
  async login(
    @Body(new ZodPipe(loginSchema)) body: z.output<typeof loginSchema>,
    @Ip() ip: string,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const result = await this.accounts.login(body.email, body.password, ip);
    this.cookie.set(res, result.refreshToken);
    return result;
  }

  /**
   * Ends the session of the access token, or, when that has expired (a tab left open), the session
   * of the refresh token in the body or the refresh cookie: signing out must work whatever the state
   * of the tokens.
   */
  @Answer(emptyAnswerSchema)
  @Public()
  @Post('logout')
  @HttpCode(200)
  async logout(
    @Req() req: FastifyRequest,
    @Body(new ZodPipe(logoutSchema)) body: z.output<typeof logoutSchema>,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const token = bearerToken(req);
    const refreshToken = body.refreshToken ?? this.cookie.read(req);
    // Whatever the outcome, the browser forgets its refresh cookie.
    this.cookie.clear(res);
    // From the token's signature alone, so that a logout during a Redis outage still ends the session (§7.2).
    const sid =
      (token ? this.tokens.sessionIdOf(token) : null) ??
      (refreshToken ? await this.sessions.sessionOf(refreshToken) : null);
    if (!sid) throw unauthorized(token ? MESSAGES.sessionExpired : MESSAGES.notAuthenticated, 'invalid-token');
    await this.sessions.end(sid);
    return withMessage({}, MESSAGES.loggedOut);
  }

  @Answer(signupCompleteAnswerSchema)
  @Post('signup-complete')
  @HttpCode(200)
  signupComplete(@CurrentUser() user: AuthUser, @Body(new ZodPipe(signupCompleteSchema)) body: { sessionId?: string }) {
    return this.accounts.completeSignup(user, body.sessionId);
  }

  @Answer(profileAnswerSchema)
  @Get('profile')
  async profile(@CurrentUser() user: AuthUser) {
    return { user: await this.accounts.profile(user.id) };
  }

  @Answer(profileAnswerSchema)
  @Put('profile')
  async updateProfile(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(profileUpdateSchema)) body: z.output<typeof profileUpdateSchema>,
  ) {
    return withMessage({ user: await this.accounts.updateProfile(user.id, body) }, API_MESSAGES.profileUpdated);
  }

  @Answer(emptyAnswerSchema)
  @Patch('change-password')
  async changePassword(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(changePasswordSchema)) body: z.output<typeof changePasswordSchema>,
  ) {
    await this.accounts.changePassword(user, body.currentPassword, body.newPassword);
    return withMessage({}, MESSAGES.passwordChanged);
  }

  @Answer(okAnswerSchema)
  @Public()
  @Post(['forgot-password', 'request-password-reset'])
  @HttpCode(200)
  async forgotPassword(@Body(new ZodPipe(forgotPasswordSchema)) body: { email: string }, @Ip() ip: string) {
    await this.resets.request(body.email, 'code', ip);
    return withMessage({ success: true }, MESSAGES.resetCodeSent);
  }

  @Answer(okAnswerSchema)
  @Public()
  @Post('reset-password')
  @HttpCode(200)
  async resetPassword(
    @Body(new ZodPipe(resetPasswordWithCodeSchema)) body: z.output<typeof resetPasswordWithCodeSchema>,
    @Ip() ip: string,
  ) {
    await this.resets.resetWithCode(body.email, body.code, body.newPassword, ip);
    return withMessage({ success: true }, MESSAGES.passwordResetDone);
  }
}
