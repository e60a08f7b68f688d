import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Settings } from '@rxbridge/platform';
import { eventually } from './wait';

/** The stack's settings as the environment a separate process reads them from. */
export function settingsAsEnv(settings: Settings): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
  for (const [k, v] of Object.entries(settings)) {
    if (v !== undefined && v !== null && typeof v !== 'object') env[k] = String(v);
  }
  return env;
}

/**
 * Starts the built worker (apps/worker/dist/main.js) on these settings as a process of its own, to
 * be SIGKILLed (docs/architecture.md §1 Processes); resolves once it is alive (its liveness file in `dir`).
 */
export async function startWorkerProcess(settings: Settings, dir: string): Promise<ChildProcess> {
  const liveness = join(dir, `alive-${Date.now()}`);
  const child = spawn(process.execPath, [resolve(__dirname, '../../apps/worker/dist/main.js')], {
    env: { ...settingsAsEnv(settings), LOG_LEVEL: 'silent', WORKER_LIVENESS_FILE: liveness },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // A worker that dies while starting fails the wait at once, with what it printed.
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const died = new Promise<never>((_, fail) =>
    child.once('exit', (code, signal) =>
      fail(new Error(`the worker exited while starting (${code ?? signal}): ${stderr}`)),
    ),
  );
  // The bound covers a cold start on a busy machine; the wait ends as soon as the file appears.
  await Promise.race([eventually(async () => existsSync(liveness), 'the worker process to be alive', 60_000), died]);
  died.catch(() => undefined);
  return child;
}

/** SIGKILLs a worker process and waits for it to be gone. */
export async function killWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGKILL');
  await exited;
}
