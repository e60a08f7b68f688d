import 'reflect-metadata';
import { loadSettings, SettingsError } from '@rxbridge/platform';
import { createWorker } from './create-worker';

createWorker(loadSettings()).catch((err) => {
  console.error(err instanceof SettingsError ? err.message : err);
  process.exit(1);
});
