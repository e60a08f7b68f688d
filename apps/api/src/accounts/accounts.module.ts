import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { RateLimiter } from '../common/rate-limiter';
import { AccessTokens } from './access-tokens';
import { AccountsService } from './accounts.service';
import { AuthController } from './auth.controller';
import { EmailVerificationService } from './email-verification.service';
import { PasswordResetService } from './password-reset.service';
import { RefreshCookie } from './refresh-cookie';
import { RevokedSessions } from './revoked-sessions';
import { SessionsService } from './sessions.service';
import { UserReader } from './user-reader';
import { UsersController } from './users.controller';

@Module({
  imports: [BillingModule],
  controllers: [UsersController, AuthController],
  providers: [
    AccessTokens,
    RevokedSessions,
    RefreshCookie,
    RateLimiter,
    SessionsService,
    UserReader,
    EmailVerificationService,
    PasswordResetService,
    AccountsService,
  ],
  exports: [AccessTokens, RateLimiter, UserReader, SessionsService],
})
export class AccountsModule {}
