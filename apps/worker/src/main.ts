import './tracing';
import { loadDotEnv, loadSettings, SettingsError } from '@rxbridge/platform/settings';

async function main() {
  loadDotEnv();
  const settings = loadSettings();
  // As the API's: the worker's code loads once its settings pass (docs/architecture.md §1).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startWorker } = require('./start') as typeof import('./start');
  await startWorker(settings);
}

main().catch((err) => {
  console.error(err instanceof SettingsError ? err.message : err);
  process.exit(1);
});
