import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '@rxbridge/local-stack';
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
 * Spawns the built API or worker (apps/<app>/dist/main.js) on these settings as a process of its
 * own, without waiting for anything. With `onLogLine`, its log lines (give it a LOG_LEVEL in `env`)
 * are handed over, each parsed.
 */
export function spawnAppProcess(
  app: 'api' | 'worker',
  settings: Settings,
  env: Record<string, string> = {},
  onLogLine?: (line: Record<string, unknown>) => void,
): ChildProcess {
  return launch(app, settings, env, onLogLine).child;
}

/**
 * spawnAppProcess, with `failure`: fails, with what the process printed on stderr, if it exits; a
 * wait for its start races it.
 */
function launch(
  app: 'api' | 'worker',
  settings: Settings,
  env: Record<string, string>,
  onLogLine?: (line: Record<string, unknown>) => void,
): { child: ChildProcess; failure: Promise<never> } {
  const child = spawn(process.execPath, [resolve(__dirname, `../../apps/${app}/dist/main.js`)], {
    env: { ...settingsAsEnv(settings), LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', onLogLine ? 'pipe' : 'ignore', 'pipe'],
  });
  if (onLogLine) {
    createInterface({ input: child.stdout! }).on('line', (line) => onLogLine(JSON.parse(line)));
  }
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const failure = new Promise<never>((_, fail) =>
    child.once('exit', (code, signal) =>
      fail(new Error(`the ${app} exited while starting (${code ?? signal}): ${stderr}`)),
    ),
  );
  failure.catch(() => undefined);
  return { child, failure };
}

/**
 * Starts the built worker on these settings as a process of its own, to be SIGKILLed
 * (docs/architecture.md §1 Processes); resolves once it has started (its liveness file in `dir`,
 * written from the end of its start).
 */
export async function startWorkerProcess(
  settings: Settings,
  dir: string,
  env: Record<string, string> = {},
  onLogLine?: (line: Record<string, unknown>) => void,
): Promise<ChildProcess> {
  const liveness = join(dir, `alive-${Date.now()}`);
  const { child, failure } = launch('worker', settings, { WORKER_LIVENESS_FILE: liveness, ...env }, onLogLine);
  // The bound covers a cold start on a busy machine; the wait ends as soon as the file appears.
  await Promise.race([eventually(async () => existsSync(liveness), 'the worker process to be alive', 60_000), failure]);
  return child;
}

/**
 * Starts the built API on these settings as a process of its own, on a free port; resolves once its
 * readiness probe answers 200. `onLogLine` as in `spawnAppProcess`.
 */
export async function startApiProcess(
  settings: Settings,
  env: Record<string, string> = {},
  onLogLine?: (line: Record<string, unknown>) => void,
): Promise<{ child: ChildProcess; baseUrl: string; port: number }> {
  const port = await freePort();
  const { child, failure } = launch('api', settings, { PORT: String(port), ...env }, onLogLine);
  const baseUrl = `http://127.0.0.1:${port}`;
  await Promise.race([
    eventually(
      async () => (await fetch(`${baseUrl}/api/v1/health/ready`)).status === 200,
      'the API process to be ready',
      30_000,
    ),
    failure,
  ]);
  return { child, baseUrl, port };
}
