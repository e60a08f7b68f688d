import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadSettings, type Settings } from '@rxbridge/platform';
import { WorkerModule } from './worker.module';

/** Boots the worker as a Nest application context (no HTTP server); used by main.ts and the tests. */
export async function createWorker(settings: Settings = loadSettings()) {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(settings), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  // No Nest shutdown hooks: main.ts drains on SIGTERM and exits 0 (drain.ts, docs/architecture.md §1).
  await app.init();
  return app;
}
