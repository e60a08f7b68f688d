import { createLogger } from './logging';
import type { Settings } from './settings';
import { stopTracing } from './tracing';

/**
 * Starts the API or the worker and makes SIGTERM (every rolling update sends it) and SIGINT drain it:
 * `stop` drains the process (docs/architecture.md §1 Processes, Draining), then it exits 0. Nest's
 * own shutdown hooks would close the application and then re-raise the signal, so the process died
 * by it: an orchestrator counts that as a crash. The handler is in place before `start` runs, so a
 * signal while the process starts (a rollout stopped early) drains it as soon as it has started
 * instead of killing it halfway. A `stop` that fails, or that is still running (the start's wait
 * included) SHUTDOWN_GRACE_SECONDS plus 10 s after the signal, exits 1; a second signal is ignored
 * (the first one's drain is under way). Resolves once started; rejects when `start` fails. Its lines
 * go straight to the process's log: Nest holds its own until the application is built, which a
 * start stuck on a store that does not answer never is.
 */
export async function runUntilShutdownSignal<T>(
  start: () => Promise<T>,
  stop: (started: T) => Promise<void>,
  settings: Pick<Settings, 'LOG_LEVEL' | 'SHUTDOWN_GRACE_SECONDS'>,
): Promise<void> {
  const logger = createLogger(settings).child({ context: 'Shutdown' });
  const graceSeconds = settings.SHUTDOWN_GRACE_SECONDS;
  let stopping = false;
  let started: T | undefined;
  const starting = start().then((value) => (started = value));
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return void logger.warn(`${signal} again: the shutdown is under way`);
    stopping = true;
    logger.info(
      started === undefined
        ? `${signal} while starting: draining once started, for ${graceSeconds} s at most`
        : `${signal}: draining, for ${graceSeconds} s at most`,
    );
    setTimeout(
      () => {
        logger.error(
          started === undefined
            ? 'the start did not finish in time to drain (a store that does not answer?)'
            : 'the shutdown did not finish in time',
        );
        process.exit(1);
      },
      (graceSeconds + 10) * 1000,
    ).unref();
    starting.then(stop).then(
      async () => {
        logger.info('drained; exiting');
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
  await starting;
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
