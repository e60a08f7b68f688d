import type { ChildProcess } from 'node:child_process';
import { startStack, type TestStack } from '../support/stack';
import { startPrivateRedis } from '../support/private-redis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@rxbridge/local-stack';
import { spawnAppProcess, startApiProcess, startWorkerProcess } from '../support/worker-process';
import { startTcpGate } from '../support/tcp-gate';
import { connectSocket } from '../applications/helpers';
import { newPatient } from '../records/helpers';
import { apiClient } from '../support/http';
import { exited, hasExited, stopProcess } from '../support/processes';

// SIGTERM to a real API or worker process while its Redis is frozen or gone, as a rolling update
// during a Redis outage does (docs/architecture.md §1 Processes, Draining; §6 Outages): the drain
// must end by itself, without waiting for Redis, and exit 0; the API's sockets are told to
// reconnect elsewhere. And SIGTERM while a process is still starting, held at its first wait on
// Redis: it drains once started instead of dying by the signal.

let stack: TestStack;
let redis: ChildProcess | undefined;
let port: number;
beforeAll(async () => {
  port = await freePort();
  redis = await startPrivateRedis(port);
  stack = await startStack({ env: { REDIS_URL: `redis://127.0.0.1:${port}` }, withWorker: false });
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await stopProcess(redis, 'SIGKILL');
});

/**
 * How a process ended, with its log's lines (each message, and its error's when it has one), so
 * that an unexpected exit code shows in the test's failure why the process ended as it did.
 */
async function endWithLog(end: ReturnType<typeof exited>, log: Record<string, unknown>[]) {
  const exit = await end;
  const lines = log.map((line) => {
    const err = line.err as { message?: string } | undefined;
    return err?.message ? `${String(line.msg)}: ${err.message}` : String(line.msg);
  });
  return { exit, log: lines };
}

const OUTAGES: [string, (redis: ChildProcess) => void][] = [
  ['frozen', (r) => r.kill('SIGSTOP')],
  ['killed', (r) => r.kill('SIGKILL')],
];

/** This test's Redis, running again after the test before froze or killed it. */
async function redisRunning(): Promise<ChildProcess> {
  if (redis && !hasExited(redis)) redis.kill('SIGCONT');
  else redis = await startPrivateRedis(port);
  return redis;
}

it.each(OUTAGES)(
  'with Redis %s, a SIGTERM drains the API and it exits 0, its sockets told to reconnect',
  async (_how, outage) => {
    await redisRunning();
    const log: Record<string, unknown>[] = [];
    // The grace is the most a drain may take; a drain stuck on Redis would end at the hard limit
    // (grace + 10 s) with exit code 1.
    const api = await startApiProcess(stack.settings, { LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: '20' }, (line) =>
      log.push(line),
    );
    const patient = await newPatient(apiClient(stack.apiUrl));
    const socket = await connectSocket(api.baseUrl, { token: patient.token });
    const told = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    try {
      const end = exited(api.child);
      outage(redis!);
      api.child.kill('SIGTERM');
      expect(await endWithLog(end, log)).toMatchObject({ exit: { code: 0, signal: null } });
      expect(await told).toBe('io server disconnect');
      expect(log.map((line) => line.msg)).toEqual(expect.arrayContaining(['drained; exiting']));
    } finally {
      socket.disconnect();
      api.child.kill('SIGKILL');
    }
  },
  60_000,
);

it.each(OUTAGES)(
  'with Redis %s, a SIGTERM drains the worker and it exits 0',
  async (_how, outage) => {
    await redisRunning();
    const dir = mkdtempSync(join(tmpdir(), 'rxb-worker-'));
    const log: Record<string, unknown>[] = [];
    // Started means its start has finished (the liveness file comes after it). A job cannot finish
    // without Redis: the drain gives up on it after the grace (§6 returns it to its queue later),
    // well before the hard limit (grace + 10 s) that exits 1.
    const worker = await startWorkerProcess(
      stack.settings,
      dir,
      { LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: '2' },
      (line) => log.push(line),
    );
    try {
      const end = exited(worker);
      outage(redis!);
      worker.kill('SIGTERM');
      expect(await endWithLog(end, log)).toMatchObject({ exit: { code: 0, signal: null } });
      expect(log.map((line) => line.msg)).toEqual(expect.arrayContaining(['drained; exiting']));
    } finally {
      worker.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  },
  60_000,
);

it.each(['api', 'worker'] as const)(
  'a SIGTERM while the %s is still starting drains it once started, and it exits 0',
  async (app) => {
    await redisRunning();
    const gate = await startTcpGate(port);
    const log: Record<string, unknown>[] = [];
    const child = spawnAppProcess(
      app,
      stack.settings,
      {
        REDIS_URL: `redis://127.0.0.1:${gate.port}`,
        LOG_LEVEL: 'info',
        ...(app === 'api' && { PORT: String(await freePort()) }),
      },
      (line) => log.push(line),
    );
    try {
      const end = exited(child);
      await gate.connected;
      child.kill('SIGTERM');
      gate.open();
      expect(await endWithLog(end, log)).toMatchObject({ exit: { code: 0, signal: null } });
      expect(log.map((line) => line.msg)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^SIGTERM while starting: draining once started/),
          'drained; exiting',
        ]),
      );
    } finally {
      child.kill('SIGKILL');
      await gate.close();
    }
  },
  60_000,
);

it('a SIGTERM while the worker starts against a Redis that never answers ends it at the hard limit, saying why', async () => {
  const gate = await startTcpGate(port); // never opened: its start waits on Redis for good
  const log: Record<string, unknown>[] = [];
  const child = spawnAppProcess(
    'worker',
    stack.settings,
    { REDIS_URL: `redis://127.0.0.1:${gate.port}`, LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: '1' },
    (line) => log.push(line),
  );
  try {
    const end = exited(child);
    await gate.connected;
    child.kill('SIGTERM');
    // The grace plus the hard limit's 10 s; the lines come from the shutdown's own logger, since
    // Nest holds its lines until the worker is built, which it never is.
    expect(await end).toEqual({ code: 1, signal: null });
    expect(log.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        'SIGTERM while starting: draining once started, for 1 s at most',
        'the start did not finish in time to drain (a store that does not answer?)',
      ]),
    );
  } finally {
    child.kill('SIGKILL');
    await gate.close();
  }
}, 60_000);
