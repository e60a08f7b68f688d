import 'reflect-metadata';
import { runUntilShutdownSignal, type Settings } from '@rxbridge/platform';
import { createApiServer } from './create-server';
import { drainApi } from './drain';

/** The API on settings that passed their checks: it listens, and drains on SIGTERM. */
export async function startApi(settings: Settings): Promise<void> {
  await runUntilShutdownSignal(
    async () => {
      const server = await createApiServer(settings);
      await server.listen(settings.PORT, settings.HOST);
      return server;
    },
    drainApi,
    settings,
  );
}
