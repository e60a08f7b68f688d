import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { freePort } from '@rxbridge/local-stack';
import { exited, spawnPackageScript } from '../support/processes';

// `npm start` signalled alone, as `kill` of npm (which passes the signal on to its script) or a
// closed terminal does, rather than with its whole group as Ctrl-C: it must stop everything it started, whenever
// the signal comes (docs/architecture.md §1 Processes).

let dataDir: string;
let stack: ChildProcess | undefined;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'rxb-local-stack-'));
  // As root, PostgreSQL runs as the postgres user, who must reach its folder inside.
  chmodSync(dataDir, 0o755);
});
afterAll(() => {
  stack?.kill('SIGKILL');
  for (const pid of startedBy(marker)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every process started for this test carries it in its environment, orphaned or not. */
const marker = `rxb-local-stack-${randomUUID()}`;

/**
 * The processes still running that the stack started: the marker in their environment, the test's
 * data folder on their command line, or their working folder inside it (redis-server rewrites its
 * command line and environment into its process title, but works in its data folder).
 */
function startedBy(mark: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const env = readFileSync(`/proc/${pid}/environ`, 'latin1');
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (env.includes(mark) || cmdline.includes(dataDir) || cwd.startsWith(dataDir)) pids.push(pid);
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** Starts `npm start`'s script on free ports, with the test's data folder; resolves at the line `line`. */
async function startUntil(line: RegExp): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawnStart(await freePort());
  stack = child;
  let output = '';
  const seen = new Promise<void>((ok, fail) => {
    const look = (chunk: Buffer) => {
      output += chunk;
      if (line.test(output)) ok();
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.once('exit', (code) => fail(new Error(`npm start exited (${code}) before ${line}:\n${output}`)));
  });
  await seen;
  return { child, output: () => output };
}

/** `npm start`'s script with the web app on `port`, the test's data folder and its marker. */
function spawnStart(port: number): ChildProcess {
  // The script as npm runs it (`sh -c`): the process npm passes a SIGTERM on to.
  return spawnPackageScript('start', [], {
    // A process group of its own, as a terminal gives it: Ctrl-C signals the whole group.
    detached: true,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      RXB_TEST_MARK: marker,
      LOCAL_DATA_DIR: dataDir,
      STORAGE_DIR: join(dataDir, 'documents'),
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

it.each([
  ['while its services are starting', /Starting the mail catcher/],
  ['while the API and the worker are starting', /Starting the API and the worker/],
  ['once everything runs', /RxBridge is running/],
])(
  'SIGTERM to npm start alone %s stops every process it started',
  async (_when, line) => {
    const { child, output } = await startUntil(line);
    expect(startedBy(marker).length).toBeGreaterThan(0);
    const end = exited(child);
    child.kill('SIGTERM');
    expect(await end).toEqual({ code: 0, signal: null });
    expect(output()).toMatch(/Stopping…/);
    expect(startedBy(marker)).toEqual([]);
  },
  120_000,
);

it('Ctrl-C (SIGINT to its whole process group) stops everything and exits, whichever process stops first', async () => {
  const { child, output } = await startUntil(/RxBridge is running/);
  const end = exited(child);
  process.kill(-child.pid!, 'SIGINT');
  expect(await end).toEqual({ code: 0, signal: null });
  expect(output()).toMatch(/Stopping…/);
  expect(startedBy(marker)).toEqual([]);
}, 120_000);

it("says at once when the web app's port is taken by another program, and starts nothing", async () => {
  const taken = createServer();
  await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
  const { port } = taken.address() as AddressInfo;
  try {
    const child = spawnStart(port);
    stack = child;
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    expect(await exited(child)).toEqual({ code: 1, signal: null });
    expect(output).toContain(
      `Port ${port} is in use by another program. Stop it, or start on another port: PORT=${port + 1} npm start`,
    );
    expect(output).not.toMatch(/Starting PostgreSQL/);
    expect(startedBy(marker)).toEqual([]);
  } finally {
    taken.close();
  }
}, 60_000);
