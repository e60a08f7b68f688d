import type { DynamicModule, Type } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { DatabaseModule } from './database.module';
import { createLogger } from './logging';
import type { Logger } from 'pino';
import type { Settings } from './settings';
import { SettingsModule } from './settings.module';
import { RedisModule, type RedisMode } from './redis.module';
import { MetricsModule } from './metrics.module';
import { ProbesModule } from './probes';

/**
 * Infrastructure shared by the API and the worker: settings, logging, PostgreSQL, Redis, probes, metrics.
 * Nest logs through `logger` (the API passes the one its HTTP server logs requests with); nestjs-pino
 * adds no middleware: the API writes its own request line (docs/architecture.md §15).
 */
export function coreModules(
  settings: Settings,
  redisMode: RedisMode = 'patient',
  logger: Logger = createLogger(settings),
): (DynamicModule | Type)[] {
  return [
    SettingsModule.forRoot(settings),
    LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true, forRoutes: [] }),
    DatabaseModule,
    RedisModule.forRoot(redisMode),
    ProbesModule,
    MetricsModule,
  ];
}
