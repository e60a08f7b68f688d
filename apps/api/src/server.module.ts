import { WriterPushesModule } from '@rxbridge/events';
import { type DynamicModule, Module } from '@nestjs/common';
import { coreModules, type Settings } from '@rxbridge/platform';
import type { Logger } from 'pino';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { AccountsModule } from './accounts/accounts.module';
import { BillingModule } from './billing/billing.module';
import { AuthGuard } from './common/auth.guard';
import { InputGuard } from './common/input.guard';
import { AnswerCheckInterceptor } from './common/answer';
import { ApiExceptionFilter } from './common/exception.filter';
import { RecordsModule } from './records/records.module';
import { ApplicationsModule } from './applications/applications.module';
import { AdminModule } from './admin/admin.module';
import { NavigatorModule } from './navigator/navigator.module';
import { ProgramsModule } from './programs/programs.module';
import { PacketsModule } from './packets/packets.module';
import { RealtimeModule } from './realtime/realtime.module';
import { SupportModule } from './support/support.module';
import { HealthController } from './health/health.controller';
import { SiteConfigController } from './site-config/site-config.controller';

@Module({})
export class ServerModule {
  /** `logger` is the one the HTTP server writes its request lines with (create-server.ts). */
  static forRoot(settings: Settings, logger?: Logger): DynamicModule {
    return {
      module: ServerModule,
      imports: [
        ...coreModules(settings, 'fail-fast', logger),
        WriterPushesModule,
        AccountsModule,
        RecordsModule,
        BillingModule,
        ApplicationsModule,
        NavigatorModule,
        AdminModule,
        ProgramsModule,
        PacketsModule,
        RealtimeModule,
        SupportModule,
      ],
      controllers: [HealthController, SiteConfigController],
      providers: [
        { provide: APP_GUARD, useClass: AuthGuard },
        // After the sign-in check: a visitor without a token learns nothing else first.
        { provide: APP_GUARD, useClass: InputGuard },
        // Sees each handler's data before the envelope (EnvelopeFastifyAdapter); tests only (docs/architecture.md §5).
        ...(settings.NODE_ENV === 'test' ? [{ provide: APP_INTERCEPTOR, useClass: AnswerCheckInterceptor }] : []),
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
    };
  }
}
