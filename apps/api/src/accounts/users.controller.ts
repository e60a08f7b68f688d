import { Body, Controller, Get, HttpCode, Inject, Ip, Patch, Post, Put } from '@nestjs/common';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  MESSAGES,
  profileUpdateSchema,
  resetPasswordWithCodeSchema,
  signupCompleteSchema,
  signupSchema,
} from '@rxbridge/contracts';
import type { z } from 'zod';
import { CurrentUser, Public, type AuthUser } from '../common/auth.guard';
import { withMessage } from '../common/envelope';
import { ZodPipe } from '../common/zod-validation.pipe';
import { AccountsService } from './accounts.service';
import { PasswordResetService } from './password-reset.service';
import { SessionsService } from './sessions.service';

/** /users: signup, login, profile and the code flow of password reset (docs/product.md §10 API). */
@Controller('users')
export class UsersController {
  constructor(
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(PasswordResetService) private readonly resets: PasswordResetService,
  ) {}

  @Public()
  @Post('signup')
  async signup(@Body(new ZodPipe(signupSchema)) body: z.output<typeof signupSchema>, @Ip() ip: string) {
    return withMessage(await this.accounts.signup(body, ip), 'Account created. Check your email to verify it.');
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  login(@Body(new ZodPipe(loginSchema)) body: z.output<typeof loginSchema>, @Ip() ip: string) {
    return this.accounts.login(body.email, body.password, ip);
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@CurrentUser() user: AuthUser) {
    await this.sessions.end(user.sid);
    return withMessage({}, MESSAGES.loggedOut);
  }

  @Post('signup-complete')
  @HttpCode(200)
  signupComplete(@CurrentUser() user: AuthUser, @Body(new ZodPipe(signupCompleteSchema)) body: { sessionId?: string }) {
    return this.accounts.completeSignup(user, body.sessionId);
  }

  @Get('profile')
  async profile(@CurrentUser() user: AuthUser) {
    return { user: await this.accounts.profile(user.id) };
  }

  @Put('profile')
  async updateProfile(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(profileUpdateSchema)) body: z.output<typeof profileUpdateSchema>,
  ) {
    return withMessage({ user: await this.accounts.updateProfile(user.id, body) }, 'Profile updated');
  }

  @Patch('change-password')
  async changePassword(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(changePasswordSchema)) body: z.output<typeof changePasswordSchema>,
  ) {
    await this.accounts.changePassword(user, body.currentPassword, body.newPassword);
    return withMessage({}, MESSAGES.passwordChanged);
  }

  @Public()
  @Post(['forgot-password', 'request-password-reset'])
  @HttpCode(200)
  async forgotPassword(@Body(new ZodPipe(forgotPasswordSchema)) body: { email: string }, @Ip() ip: string) {
    await this.resets.request(body.email, 'code', ip);
    return withMessage({ success: true }, MESSAGES.resetCodeSent);
  }

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
