import { type ChildProcess, fork } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROCESS_ENV } from '@rxbridge/platform';
import type { TestStack } from '../test/support/stack';

const ROOT = join(__dirname, '..');

export interface Child {
  url: string;
  pid: number;
  /** Resident memory of the process, in MB, read from /proc. */
  rssMb(): number;
  /** CPU time (user + system) the process has used so far, in ms: unlike req/s, not skewed by other load. */
  cpuMs(): number;
  close(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

export function cpuMs(pid: number): number {
  // /proc/<pid>/stat: utime and stime are fields 14 and 15, in clock ticks (100 per second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.replace(/\D+/g, '')) / 1024 : NaN;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A baseline server script from bench/baselines; it reports its port over IPC. */
export const startBaseline = (script: string): Promise<Child> =>
  startServerScript(join(__dirname, 'baselines', script));

async function startServerScript(script: string): Promise<Child> {
  const child = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    rssMb: () => rssMb(child.pid!),
    cpuMs: () => cpuMs(child.pid!),
    close: () => stop(child),
  };
}

/**
 * The built API (apps/api/dist/main.js) as its own process on the stack's settings, as production
 * runs it: the load generators and the worker stay out of its event loop. Request logs at
 * LOG_LEVEL=info go to a file (BENCH_API_LOG, default in the temp folder), as a container's stdout
 * would. BENCH_CPU_PROF=dir runs it under the V8 profiler, one profile per figure group
 * (bench/profile-summary.cjs sums them).
 */
export async function startApiProcess(stack: TestStack) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = process.env.BENCH_API_LOG ?? join(tmpdir(), `rxb-bench-api-${process.pid}.log`);
  const out = openSync(logFile, 'a');
  const main = join(ROOT, 'apps/api/dist/main.js');
  const profiled = process.env.BENCH_CPU_PROF;
  const child = fork(profiled ? join(__dirname, 'baselines/profiled-api.cjs') : main, [], {
    env: {
      ...processEnv(stack, url),
      PORT: String(port),
      ...(profiled && { BENCH_CPU_PROF: profiled, BENCH_API_MAIN: main }),
    },
    stdio: ['ignore', out, out, 'ipc'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`the API process exited at start; see ${logFile}`);
    try {
      const res = await fetch(`${url}/api/v1/config`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`the API process did not answer within 60 s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    logFile,
    rssMb: () => rssMb(child.pid!),
    cpuMs: () => cpuMs(child.pid!),
    close: () => stop(child),
    /** With BENCH_CPU_PROF: writes the CPU profile since the last one as `name`.cpuprofile. */
    async profile(name: string) {
      if (!profiled) return;
      const done = new Promise((resolve) =>
        child.on('message', (m: { type: string; file: string }) => m.type === 'profiled' && resolve(m.file)),
      );
      child.send({ type: 'profile', name });
      process.stdout.write(`CPU profile written: ${String(await done)}\n`);
    },
  };
}

/** What the API and the worker processes start with, as in production but logging at info. */
function processEnv(stack: TestStack, appUrl: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    ...PROCESS_ENV,
    ...stack.env,
    // Not the tests' NODE_ENV=test, which checks every answer against its schema (docs/architecture.md §5).
    NODE_ENV: 'development',
    // The stack's test secrets and loopback http addresses (docs/architecture.md §13).
    ALLOW_INSECURE_DEVELOPMENT: 'true',
    LOG_LEVEL: 'info',
    APP_URL: appUrl,
  };
}

/** The built worker (apps/worker/dist/main.js) as its own process, logging at info to a file. */
export function startWorkerProcess(stack: TestStack): Child & { logFile: string } {
  const logFile = process.env.BENCH_WORKER_LOG ?? join(tmpdir(), `rxb-bench-worker-${process.pid}.log`);
  const out = openSync(logFile, 'a');
  // BENCH_WORKER_CPU_PROF=dir: one .cpuprofile of the worker's whole run, written as it exits.
  const profiled = process.env.BENCH_WORKER_CPU_PROF;
  const child = fork(join(ROOT, 'apps/worker/dist/main.js'), [], {
    env: processEnv(stack, stack.baseUrl),
    ...(profiled && { execArgv: ['--cpu-prof', `--cpu-prof-dir=${profiled}`] }),
    stdio: ['ignore', out, out, 'ipc'],
  });
  return {
    url: '',
    pid: child.pid!,
    logFile,
    rssMb: () => rssMb(child.pid!),
    cpuMs: () => cpuMs(child.pid!),
    close: () => stop(child),
  };
}

export type ApiProcess = Awaited<ReturnType<typeof startApiProcess>>;
