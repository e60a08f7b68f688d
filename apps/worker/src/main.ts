import 'reflect-metadata';
import { loadSettings, SettingsError } from '@rxbridge/api';
import { createWorker } from './create-worker';

createWorker(loadSettings()).catch((err) => {
  console.error(err instanceof SettingsError ? err.message : err);
  process.exit(1);
});
