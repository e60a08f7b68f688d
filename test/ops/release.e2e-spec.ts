import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMigrations } from '@rxbridge/database';
import { freePort } from '@rxbridge/local-stack';
import type { Settings } from '@rxbridge/platform';
import { createRedisNamespace, createTestDatabase } from '../support/infra';
import { startStack, type TestStack } from '../support/stack';
import { eventually } from '../support/wait';
import { spawnAppProcess } from '../support/worker-process';
import { exited } from '../support/processes';

// A new release on Kubernetes: its pods start with the migration Job, not after it (README.md, Deploying
// on Kubernetes). Until the migrations it was built for are applied, the API is not ready (no traffic
// reaches it) and the worker waits instead of failing on a missing table (docs/architecture.md §11).
let stack: TestStack;
let fresh: { url: string; drop: () => Promise<void> };
let redis: { url: string; prefix: string; clean: () => Promise<void> };
const children: ChildProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), 'rxb-release-'));

beforeAll(async () => {
  stack = await startStack({ withWorker: false });
  fresh = await createTestDatabase();
  redis = createRedisNamespace();
});
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
  }
  await fresh?.drop();
  await redis?.clean();
  await stack?.close();
  rmSync(dir, { recursive: true, force: true });
});

const probe = async (port: number, which: 'live' | 'ready') =>
  (await fetch(`http://127.0.0.1:${port}/api/v1/health/${which}`).catch(() => null))?.status ?? null;

const readiness = async (port: number) => {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`).catch(() => null);
  if (!res) return null;
  const body = (await res.json()) as { data: { error: Record<string, { message?: string }> } };
  return { status: res.status, error: body.data.error, text: JSON.stringify(body) };
};

it('is not ready, and its worker waits, until the migrations of the release are applied', async () => {
  const settings: Settings = {
    ...stack.settings,
    DATABASE_URL: fresh.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
  };
  const port = await freePort();
  const apiLog: Record<string, unknown>[] = [];
  children.push(spawnAppProcess('api', settings, { PORT: String(port), LOG_LEVEL: 'warn' }, (l) => apiLog.push(l)));
  const notReady = await eventually(async () => readiness(port), 'the API to answer its readiness probe', 30_000);
  expect(notReady.status).toBe(503);
  // The probe is public: it says which check is down, and the reason goes to the operator's log
  // (docs/architecture.md §1 Probes).
  expect(notReady.error).toEqual({ schema: { status: 'down' } });
  expect(notReady.text).not.toMatch(/migrations/);
  const why = await eventually(
    async () => apiLog.find((l) => l.check === 'schema'),
    "the API's log to say why it is not ready",
  );
  expect(why).toMatchObject({
    msg: 'not ready: schema does not answer',
    err: { message: expect.stringMatching(/migrations of this release are not applied yet/) },
  });

  const alive = join(dir, 'worker.alive');
  const logged: string[] = [];
  const metricsPort = await freePort();
  const workerEnv = { WORKER_LIVENESS_FILE: alive, LOG_LEVEL: 'warn', METRICS_PORT: String(metricsPort) };
  children.push(spawnAppProcess('worker', settings, workerEnv, (line) => logged.push(String(line.msg))));
  await eventually(
    async () => logged.some((m) => m.includes('waiting for the migrations')),
    'the worker to wait',
    30_000,
  );
  expect(existsSync(alive)).toBe(false);
  expect(children.every((child) => child.exitCode === null)).toBe(true);
  // While it waits its probe port answers: alive, so a startup probe does not kill it, and not ready
  // (docs/architecture.md §1 Probes).
  expect(await probe(metricsPort, 'live')).toBe(200);
  expect(await probe(metricsPort, 'ready')).toBe(503);

  await runMigrations(fresh.url);
  await eventually(async () => (await readiness(port))?.status === 200, 'the API to be ready', 30_000);
  await eventually(async () => existsSync(alive), 'the worker to start', 30_000);
  await eventually(async () => (await probe(metricsPort, 'ready')) === 200, 'the worker to be ready', 30_000);
}, 120_000);
