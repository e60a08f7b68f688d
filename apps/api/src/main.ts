import 'reflect-metadata';
import { createApiServer } from './create-server';
import { loadDotEnv, loadSettings, SettingsError } from '@rxbridge/platform';

async function main() {
  loadDotEnv();
  const settings = loadSettings();
  const server = await createApiServer(settings);
  await server.listen(settings.PORT);
}

main().catch((err) => {
  console.error(err instanceof SettingsError ? err.message : err);
  process.exit(1);
});
