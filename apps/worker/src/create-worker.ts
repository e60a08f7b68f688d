import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadSettings, type Settings } from '@rxbridge/platform';
import { WorkerModule } from './worker.module';

/** Boots the worker as a Nest application context (no HTTP server); used by main.ts and the tests. */
export async function createWorker(settings: Settings = loadSettings()) {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(settings), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
  return app;
}
