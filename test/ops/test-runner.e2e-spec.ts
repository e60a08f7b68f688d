import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { exited, spawnPackageScript } from '../support/processes';
import { eventually } from '../support/wait';

// `npm test` signalled alone, as a cancelled CI job is: npm passes the signal on to its script, whose
// runner (tools/test-env) stops jest and removes what its run made, then exits as a process killed
// by that signal would (128 + its number), instead of dying at once and leaving jest running.

const ROOT = resolve(__dirname, '../..');

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'rxb-runner-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it.each([
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const)('a %s to the runner stops jest and its scratch folder goes; it exits %i', async (signal, code) => {
  const mark = join(dir, 'jest.pid');
  // A jest config of its own: the one test that waits to be stopped, nothing else.
  const config = JSON.stringify({
    rootDir: ROOT,
    testMatch: ['<rootDir>/test/ops/fixtures/waits-to-be-stopped.fixture.js'],
  });
  // The script as npm runs it (`sh -c`), which is the process npm passes its signal on to.
  const runner = spawnPackageScript('test', ['--config', config], {
    env: {
      ...process.env,
      DATABASE_URL: process.env.TEST_DATABASE_ADMIN_URL,
      REDIS_URL: process.env.TEST_REDIS_URL,
      RUNNER_SPEC_MARK: mark,
    },
    stdio: 'ignore',
  });
  const end = exited(runner);
  let jestPid: number | undefined;
  try {
    jestPid = Number(
      await eventually(async () => existsSync(mark) && readFileSync(mark, 'utf8'), 'the test to run', 30_000),
    );
    // jest's report goes to the run's scratch folder, named on its command line.
    const cmdline = readFileSync(`/proc/${jestPid}/cmdline`, 'utf8').split('\0');
    const report = cmdline.find((arg) => arg.startsWith('--outputFile='))!.slice('--outputFile='.length);
    const scratch = resolve(ROOT, report, '..');
    expect(existsSync(scratch)).toBe(true);

    runner.kill(signal);
    expect(await end).toEqual({ code, signal: null });
    expect(isRunning(jestPid)).toBe(false);
    expect(existsSync(scratch)).toBe(false);
  } finally {
    runner.kill('SIGKILL');
    // A runner that outlived its shell ends with its jest.
    if (jestPid && isRunning(jestPid)) process.kill(jestPid, 'SIGKILL');
  }
});
