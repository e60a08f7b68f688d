import type { INestApplicationContext } from '@nestjs/common';
import { Probes, SETTINGS, type Settings } from '@rxbridge/platform';
import { QueueWorkers } from './queue/queue-workers';

/**
 * The worker's graceful shutdown on SIGTERM (docs/architecture.md §1 Processes, Draining): readiness
 * answers 503 at once; the queues take no new job and the running ones finish (or, after
 * SHUTDOWN_GRACE_SECONDS, are left to another worker); then everything closes. Before Nest's own
 * shutdown hooks, which close PostgreSQL and Redis first.
 */
export async function drainWorker(app: INestApplicationContext): Promise<void> {
  const settings = app.get<Settings>(SETTINGS);
  app.get(Probes).startDraining();
  await app.get(QueueWorkers).drain(settings.SHUTDOWN_GRACE_SECONDS * 1000);
  await app.close();
}
