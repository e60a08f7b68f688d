import 'reflect-metadata';
import { loadSettings, SettingsError } from '@rxbridge/platform';
import { createWorker } from './create-worker';

// A bad setting (thrown at once by loadSettings) and a failed start end the same way: one message.
Promise.resolve()
  .then(() => createWorker(loadSettings()))
  .catch((err) => {
    console.error(err instanceof SettingsError ? err.message : err);
    process.exit(1);
  });
