import { Logger } from '@nestjs/common';
import { stopTracing } from './tracing';

/**
 * What SIGTERM (every rolling update sends it) and SIGINT do to the API and the worker: `stop` drains
 * the process (docs/architecture.md §1 Processes, Draining), then it exits 0. Nest's own shutdown
 * hooks would close the application and then re-raise the signal, so the process died by it: an
 * orchestrator counts that as a crash. A `stop` that fails, or that is still running `graceSeconds`
 * plus 10 s later, exits 1; a second signal is ignored (the first one's drain is under way).
 */
export function exitOnShutdownSignal(stop: () => Promise<void>, graceSeconds: number): void {
  const logger = new Logger('Shutdown');
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return void logger.warn(`${signal} again: the shutdown is under way`);
    stopping = true;
    logger.log(`${signal}: draining, for ${graceSeconds} s at most`);
    setTimeout(
      () => {
        logger.error('the shutdown did not finish in time');
        process.exit(1);
      },
      (graceSeconds + 10) * 1000,
    ).unref();
    stop().then(
      async () => {
        logger.log('drained; exiting');
        // The last spans (the drained requests' and jobs') go to the collector before the exit.
        await stopTracing();
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'the shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/** Resolves when `work` settles or after `ms`, whichever comes first: true when `work` finished in time. */
export async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      work.then(
        () => true as const,
        () => true as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
