import type { DynamicModule, Type } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { DatabaseModule } from './database.module';
import { loggerOptions } from './logging';
import type { Settings } from './settings';
import { SettingsModule } from './settings.module';
import { RedisModule, type RedisMode } from './redis.module';
import { MetricsModule } from './metrics.module';

/** Infrastructure shared by the API and the worker: settings, logging, PostgreSQL, Redis, metrics. */
export function coreModules(settings: Settings, redisMode: RedisMode = 'patient'): (DynamicModule | Type)[] {
  return [
    SettingsModule.forRoot(settings),
    LoggerModule.forRoot(loggerOptions(settings)),
    DatabaseModule,
    RedisModule.forRoot(redisMode),
    MetricsModule,
  ];
}
