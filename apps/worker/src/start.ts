import 'reflect-metadata';
import { exitOnShutdownSignal, type Settings } from '@rxbridge/platform';
import { lowerCpuPriority } from './cpu-priority';
import { createWorker } from './create-worker';
import { drainWorker } from './drain';

/** The worker on settings that passed their checks: it runs its queues, and drains on SIGTERM. */
export async function startWorker(settings: Settings): Promise<void> {
  lowerCpuPriority(settings.WORKER_NICE);
  const worker = await createWorker(settings);
  exitOnShutdownSignal(() => drainWorker(worker), settings.SHUTDOWN_GRACE_SECONDS);
}
