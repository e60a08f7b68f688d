// `@rxbridge/platform/settings`: what a process's main reads and checks before anything else loads
// (docs/architecture.md §1). Only the settings' own modules: a refused setting stops the process before
// the application's code is loaded or anything is opened.
export { loadDotEnv } from './dotenv';
export { loadSettings, SettingsError, type Settings } from './settings';
