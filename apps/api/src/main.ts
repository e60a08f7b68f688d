import './tracing';
import 'reflect-metadata';
import { createApiServer } from './create-server';
import { exitOnShutdownSignal, loadDotEnv, loadSettings, SettingsError } from '@rxbridge/platform';
import { drainApi } from './drain';

async function main() {
  loadDotEnv();
  const settings = loadSettings();
  const server = await createApiServer(settings);
  await server.listen(settings.PORT);
  exitOnShutdownSignal(() => drainApi(server), settings.SHUTDOWN_GRACE_SECONDS);
}

main().catch((err) => {
  console.error(err instanceof SettingsError ? err.message : err);
  process.exit(1);
});
