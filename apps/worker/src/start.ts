import 'reflect-metadata';
import { runUntilShutdownSignal, type Settings } from '@rxbridge/platform';
import { lowerCpuPriority } from './cpu-priority';
import { createWorker } from './create-worker';
import { drainWorker } from './drain';
import { WorkerLiveness } from './liveness';

/** The worker on settings that passed their checks: it runs its queues, and drains on SIGTERM. */
export async function startWorker(settings: Settings): Promise<void> {
  lowerCpuPriority(settings.WORKER_NICE);
  await runUntilShutdownSignal(
    async () => {
      const worker = await createWorker(settings);
      worker.get(WorkerLiveness).start();
      return worker;
    },
    drainWorker,
    settings,
  );
}
