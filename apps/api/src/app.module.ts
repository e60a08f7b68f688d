import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { AccountsModule } from './accounts/accounts.module';
import { BillingModule } from './billing/billing.module';
import { AuthGuard } from './common/auth.guard';
import { EnvelopeInterceptor } from './common/envelope';
import { ApiExceptionFilter } from './common/exception.filter';
import { loggerOptions } from './common/logging';
import type { Settings } from './config/settings';
import { SettingsModule } from './config/settings.module';
import { DatabaseModule } from './database/database.module';
import { RedisModule } from './database/redis.module';
import { RecordsModule } from './records/records.module';
import { ApplicationsModule } from './applications/applications.module';
import { AdminModule } from './admin/admin.module';
import { RealtimeModule } from './realtime/realtime.module';
import { HealthController } from './health/health.controller';
import { SiteConfigController } from './site-config/site-config.controller';

/** Infrastructure shared by the API and the worker: settings, logging, PostgreSQL and Redis. */
export function coreModules(settings: Settings): (DynamicModule | Type)[] {
  return [SettingsModule.forRoot(settings), LoggerModule.forRoot(loggerOptions(settings)), DatabaseModule, RedisModule];
}

@Module({})
export class AppModule {
  static forRoot(settings: Settings): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...coreModules(settings),
        AccountsModule,
        RecordsModule,
        BillingModule,
        ApplicationsModule,
        AdminModule,
        RealtimeModule,
      ],
      controllers: [HealthController, SiteConfigController],
      providers: [
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
    };
  }
}
