import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { hasExited } from '@rxbridge/local-stack';

const ROOT = resolve(__dirname, '../..');

// One "has this child ended?" check for npm start and the tests alike.
export { hasExited };

/** How a process ended: its exit code, or the signal that killed it. */
export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (hasExited(child)) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
}

/** Stops a process with `signal` (SIGKILL: as if it crashed) and waits until it is gone. */
export async function stopProcess(child: ChildProcess | undefined | null, signal: NodeJS.Signals): Promise<void> {
  if (!child || hasExited(child)) return;
  const end = exited(child);
  child.kill(signal);
  await end;
}

/**
 * The root package.json's script `name` run as npm runs it, in `sh -c` with the arguments after
 * `--` appended, but with its `npm run build` step left out (the tests run on a build): npm passes
 * a SIGTERM or SIGINT on to this shell, so the signal must reach the script's own process.
 */
export function spawnPackageScript(name: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const scripts = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
  const build = 'npm run build && ';
  if (!scripts[name].startsWith(build)) throw new Error(`the script ${name} no longer starts with its build`);
  const script = `true && ${scripts[name].slice(build.length)}`;
  const quoted = args.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`);
  return spawn('sh', ['-c', [script, ...quoted].join(' ')], { cwd: ROOT, ...options });
}
