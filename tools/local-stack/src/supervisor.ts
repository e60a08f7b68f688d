import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { stopChild } from './services';

/** Waits before each restart: short at first, doubling, capped; reset once a run lasted a while. */
export const RESTART_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000];
/** A run this long counts as healthy: the next crash restarts after the first delay again. */
const HEALTHY_RUN_MS = 30_000;
/** This many crashes in a row, each before HEALTHY_RUN_MS: the process cannot start; give up. */
const MAX_QUICK_CRASHES = 8;

export interface SupervisedProcess {
  /** The current child (changes on each restart). */
  readonly child: ChildProcess;
  /** Stops the process for good: no restart after this. */
  stop(): Promise<void>;
}

export interface SuperviseOptions {
  name: string;
  script: string;
  env: NodeJS.ProcessEnv;
  /** Where stdout and stderr go (appended); stderr is also echoed to the terminal. */
  logFile: string;
  /** A line for the terminal (a restart, giving up). */
  say?: (line: string) => void;
  /** True once the whole stack is stopping (Ctrl-C reaches the children too): no restart then. */
  isStopping?: () => boolean;
  /** Called when the process keeps crashing right after start and is no longer restarted. */
  onGiveUp?: () => void;
  delaysMs?: readonly number[];
}

/**
 * Runs a Node script and restarts it when it dies (a crash, an OOM kill, SIGKILL), after a short
 * backoff and with a line in the terminal: what `npm start` does for the API and the worker so a
 * dead process does not take the product down (docs/architecture.md §1 Processes). `stop()` (Ctrl-C)
 * ends it without a restart.
 */
export function supervise(opts: SuperviseOptions): SupervisedProcess {
  const say = opts.say ?? ((line: string) => console.error(line));
  const delays = opts.delaysMs ?? RESTART_DELAYS_MS;
  const log = createWriteStream(opts.logFile, { flags: 'a' });
  // A log that cannot be written (its folder removed, a full disk) is said once; it does not stop the stack.
  log.once('error', (err) => say(`[${opts.name}] cannot write its log ${opts.logFile}: ${err.message}`));
  let stopped = false;
  let quickCrashes = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let current: ChildProcess;

  const start = () => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, [opts.script], { env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[${opts.name}] ${chunk}`));
    child.once('exit', (code, signal) => {
      if (stopped || opts.isStopping?.()) return;
      quickCrashes = Date.now() - startedAt < HEALTHY_RUN_MS ? quickCrashes + 1 : 1;
      const why = signal ?? `exit code ${code}`;
      if (quickCrashes > MAX_QUICK_CRASHES) {
        say(`[${opts.name}] stopped again (${why}) right after starting, ${quickCrashes} times in a row; giving up.`);
        opts.onGiveUp?.();
        return;
      }
      const delay = delays[Math.min(quickCrashes - 1, delays.length - 1)];
      say(`[${opts.name}] stopped unexpectedly (${why}); restarting in ${delay / 1000} s (log: ${opts.logFile})`);
      restartTimer = setTimeout(() => {
        restartTimer = undefined;
        if (!stopped) current = start();
      }, delay);
    });
    return child;
  };
  current = start();

  return {
    get child() {
      return current;
    },
    async stop() {
      stopped = true;
      if (restartTimer) clearTimeout(restartTimer);
      await stopChild(current);
      // Resolves once the log is written and closed (the file is opened asynchronously).
      log.end();
      await finished(log).catch(() => undefined);
    },
  };
}
