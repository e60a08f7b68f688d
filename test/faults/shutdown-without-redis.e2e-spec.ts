import type { ChildProcess } from 'node:child_process';
import { startStack, type TestStack } from '../support/stack';
import { startPrivateRedis, stopProcess } from '../support/private-redis';
import { exited, freePort, startApiProcess } from '../support/worker-process';
import { connectSocket } from '../applications/helpers';
import { newPatient } from '../records/helpers';
import { apiClient } from '../support/http';

// SIGTERM to a real API process while its Redis is frozen or gone, as a rolling update during a
// Redis outage does (docs/architecture.md §1 Processes, Draining; §6 Outages): the drain must end
// by itself, without waiting for Redis, and exit 0, its sockets told to reconnect elsewhere.

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

const running = (child: ChildProcess | undefined): child is ChildProcess =>
  !!child && child.exitCode === null && child.signalCode === null;

const OUTAGES: [string, (redis: ChildProcess) => void][] = [
  ['frozen', (r) => r.kill('SIGSTOP')],
  ['killed', (r) => r.kill('SIGKILL')],
];

/** This test's Redis, running again after the test before froze or killed it. */
async function redisRunning(): Promise<ChildProcess> {
  if (running(redis)) redis.kill('SIGCONT');
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
      expect(await end).toEqual({ code: 0, signal: null });
      expect(await told).toBe('io server disconnect');
      expect(log.map((line) => line.msg)).toEqual(expect.arrayContaining(['drained; exiting']));
    } finally {
      socket.disconnect();
      api.child.kill('SIGKILL');
    }
  },
  60_000,
);
