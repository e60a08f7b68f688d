import './tracing';
import 'reflect-metadata';
import { exitOnShutdownSignal, loadDotEnv, loadSettings, SettingsError } from '@rxbridge/platform';
import { lowerCpuPriority } from './cpu-priority';
import { createWorker } from './create-worker';
import { drainWorker } from './drain';

async function main() {
  loadDotEnv();
  const settings = loadSettings();
  lowerCpuPriority(settings.WORKER_NICE);
  const worker = await createWorker(settings);
  exitOnShutdownSignal(() => drainWorker(worker), settings.SHUTDOWN_GRACE_SECONDS);
}

main().catch((err) => {
  console.error(err instanceof SettingsError ? err.message : err);
  process.exit(1);
});
