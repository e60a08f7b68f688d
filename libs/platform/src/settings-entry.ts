// `@rxbridge/platform/settings`: what a process's main reads and checks before anything else loads
// (docs/architecture.md §1). Only the settings' own modules: a refused setting stops the process before
// the application's code is loaded or anything is opened.
import { loadDotEnv } from './dotenv';
import { loadSettings, SettingsError, type Settings } from './settings';

/**
 * A process's main: reads and checks the settings, and only once they pass loads the application's
 * code (`loadStart` requires it) and starts it. A refused setting, or a failed start, prints its
 * reason and exits 1; a SettingsError prints its message alone (it names the setting, never a value).
 */
export function runWithSettings(loadStart: () => (settings: Settings) => Promise<unknown>): void {
  const run = async () => {
    loadDotEnv();
    const settings = loadSettings();
    await loadStart()(settings);
  };
  run().catch((err) => {
    console.error(err instanceof SettingsError ? err.message : err);
    process.exit(1);
  });
}
