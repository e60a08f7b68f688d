import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, constants, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { hasExited, startEmbeddedPostgres, startRedis, type RunningService } from '@rxbridge/local-stack';

/**
 * `npm test`: finds a PostgreSQL and a Redis (DATABASE_URL / REDIS_URL, else the ones on 127.0.0.1:5432
 * and :6379 when they answer, else embedded ones started here), runs every jest test against them,
 * and removes what the run created. Each test stack makes its own database and Redis prefix.
 */
const ROOT = resolve(__dirname, '../../..');
const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';

async function answersPg(url: string): Promise<boolean> {
  const c = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function answersRedis(url: string): Promise<boolean> {
  const r = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

/**
 * A SIGTERM, SIGINT or SIGHUP to the runner alone (a cancelled CI job, `kill`) stops jest, then the
 * services this run started (an embedded PostgreSQL, a Redis) and its scratch folder, as the end of a
 * run does; by default the signal killed the runner alone and left them running. The run then exits
 * 128 + the signal's number, as a shell reports a process killed by it. Ctrl-C signals the whole
 * group, jest and the services included, and ends the same way.
 */
const stopping: { signal: NodeJS.Signals | null; jest: ChildProcess | null } = { signal: null, jest: null };
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping.signal) return;
    stopping.signal = signal;
    console.error(`\n${signal}: stopping the tests, then what this run started`);
    stopJest();
  });
}

/** Jest's process gets the signal; one still there after 10 s is killed. */
function stopJest() {
  const jest = stopping.jest;
  if (!stopping.signal || !jest || hasExited(jest)) return;
  jest.kill(stopping.signal);
  setTimeout(() => jest.kill('SIGKILL'), 10_000).unref();
}

const signalled = () => (stopping.signal ? 128 + constants.signals[stopping.signal] : null);

async function main(): Promise<number> {
  const started: RunningService[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'rxbridge-test-'));
  const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  try {
    let pgAdmin = process.env.DATABASE_URL;
    if (!pgAdmin) {
      if (await answersPg(LOCAL_PG)) pgAdmin = LOCAL_PG;
      else {
        console.log('No PostgreSQL on 127.0.0.1:5432: starting an embedded one for this run');
        const pg = await startEmbeddedPostgres(join(scratch, 'postgres'), 'postgres', 0);
        started.push(pg);
        pgAdmin = pg.url;
      }
    }
    let redisUrl = process.env.REDIS_URL;
    if (!redisUrl) {
      if (await answersRedis(LOCAL_REDIS)) redisUrl = LOCAL_REDIS;
      else {
        console.log('No Redis on 127.0.0.1:6379: starting one for this run');
        const redis = await startRedis(join(scratch, 'redis'), 0);
        started.push(redis);
        redisUrl = redis.url;
      }
    }
    const env = { ...process.env, TEST_DATABASE_ADMIN_URL: pgAdmin, TEST_REDIS_URL: redisUrl, TEST_RUN_ID: runId };
    const args = process.argv.slice(2);
    // Everything but the browser on two workers at least (jest's default, one fewer than the cores, is a single one
    // on a 2-core machine): an e2e file waits on PostgreSQL, Redis and its stack's processes most of its time, and
    // two files side by side took the phase from about 1,270 s to 525 s on such a machine, each file with its own
    // database and key prefix. Then the browser specs one at a time: each drives a Chromium against a whole stack.
    const phases = args.length
      ? [args]
      : [
          ['--testPathIgnorePatterns', '/test/browser/', `--maxWorkers=${Math.max(2, availableParallelism() - 1)}`],
          ['--runInBand', 'test/browser'],
        ];
    let code = 0;
    const totals: Totals = { passed: 0, failed: 0, skipped: 0, unrunFiles: 0 };
    for (const [i, phase] of phases.entries()) {
      if (stopping.signal) break;
      const report = join(scratch, `jest-${i}.json`);
      code = await runJest([...phase, '--json', `--outputFile=${report}`], env, report);
      addTotals(totals, report);
      if (code !== 0) break;
    }
    await dropLeftovers(pgAdmin!, runId);
    // One closing line for the whole run, across both phases.
    const unrun = totals.unrunFiles ? `; ${totals.unrunFiles} test file(s) failed to run` : '';
    console.log(`\ntotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped${unrun}`);
    return signalled() ?? code;
  } finally {
    for (const s of started.reverse()) await s.stop().catch(() => undefined);
    rmSync(scratch, { recursive: true, force: true });
  }
}

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
  /** Files jest could not run, or whose hooks failed (beforeAll, afterAll): red with no test failed. */
  unrunFiles: number;
}

function addTotals(totals: Totals, reportFile: string) {
  if (!existsSync(reportFile)) return;
  const r = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numRuntimeErrorTestSuites: number;
  };
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  totals.unrunFiles += r.numRuntimeErrorTestSuites;
}

/** How long jest may stay up after writing its results: longer means a test left a handle open. */
const EXIT_GRACE_MS = 30_000;

/**
 * Runs jest; a run whose results are written but whose process does not end (a test left a child
 * process, a socket or a timer behind) is stopped and counted as failed, so a leak shows as a red
 * run naming the cause instead of a CI job that never ends.
 */
/**
 * The heap of each jest process (its workers inherit the flag), in MB. A worker runs file after file, and each
 * file's modules and stacks are collected only as the run goes on: past ~4 GB, node's default ceiling here, a run in
 * one process died out of memory with a few hundred files behind it. The machine has far more.
 */
const JEST_HEAP_MB = 8192;

function runJest(args: string[], env: NodeJS.ProcessEnv, report: string): Promise<number> {
  const jest = join(ROOT, 'node_modules/jest/bin/jest.js');
  return new Promise<number>((done) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${JEST_HEAP_MB}`, jest, ...args], {
      cwd: ROOT,
      stdio: 'inherit',
      env,
    });
    stopping.jest = child;
    stopJest(); // a signal that came while it was being started
    let reportedAt: number | undefined;
    const watch = setInterval(() => {
      if (reportedAt === undefined) {
        if (existsSync(report)) reportedAt = Date.now();
      } else if (Date.now() - reportedAt > EXIT_GRACE_MS) {
        console.error(
          `\njest wrote its results but did not exit within ${EXIT_GRACE_MS / 1000} s: a test left a handle open`,
        );
        child.kill('SIGKILL');
      }
    }, 1000);
    child.on('exit', (c, signal) => {
      clearInterval(watch);
      done(signal ? 1 : (c ?? 1));
    });
  });
}

/** Databases of this run that a crashed test left behind. */
async function dropLeftovers(pgAdmin: string, runId: string) {
  const c = new Client({ connectionString: pgAdmin });
  await c.connect();
  try {
    const { rows } = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `rxb_test_${runId}_%`,
    ]);
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
