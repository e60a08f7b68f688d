import 'reflect-metadata';
import { createApiApp } from './create-app';
import { loadDotEnv, loadSettings, SettingsError } from '@rxbridge/platform';

async function main() {
  loadDotEnv();
  const settings = loadSettings();
  const app = await createApiApp(settings);
  await app.listen(settings.PORT);
}

main().catch((err) => {
  console.error(err instanceof SettingsError ? err.message : err);
  process.exit(1);
});
