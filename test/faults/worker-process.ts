import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Settings } from '@rxbridge/platform';
import type { TestStack } from '../support/stack';
import { eventually } from '../support/wait';

/**
 * Starts apps/worker/dist/main.js as a process of its own on the stack's settings (a stack started withWorker: false),
 * so a spec can SIGKILL it; resolves once it is alive (its liveness file in `dir`).
 */
export async function startWorker(stack: TestStack, dir: string): Promise<ChildProcess> {
  const liveness = join(dir, `alive-${Date.now()}`);
  const child = spawn(process.execPath, [resolve(__dirname, '../../apps/worker/dist/main.js')], {
    env: { ...settingsAsEnv(stack.settings), LOG_LEVEL: 'silent', WORKER_LIVENESS_FILE: liveness },
    stdio: 'ignore',
  });
  await eventually(async () => existsSync(liveness), 'the worker process to be alive', 30_000);
  return child;
}

/** The stack's settings as the environment a separate process reads them from. */
function settingsAsEnv(settings: Settings): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
  for (const [k, v] of Object.entries(settings)) {
    if (v !== undefined && v !== null && typeof v !== 'object') env[k] = String(v);
  }
  return env;
}
