import 'reflect-metadata';
import { loadDotEnv, loadSettings, SettingsError } from '@rxbridge/platform';
import { createWorker } from './create-worker';

async function main() {
  loadDotEnv();
  await createWorker(loadSettings());
}

main().catch((err) => {
  console.error(err instanceof SettingsError ? err.message : err);
  process.exit(1);
});
