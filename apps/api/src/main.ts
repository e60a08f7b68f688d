import './tracing';
import { loadDotEnv, loadSettings, SettingsError } from '@rxbridge/platform/settings';

async function main() {
  loadDotEnv();
  const settings = loadSettings();
  // The application's code loads once its settings pass: a refused setting stops the process at
  // once, having loaded and opened nothing (docs/architecture.md §1).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startApi } = require('./start') as typeof import('./start');
  await startApi(settings);
}

main().catch((err) => {
  console.error(err instanceof SettingsError ? err.message : err);
  process.exit(1);
});
