import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { hasExited } from './services';
import { supervise, type SupervisedProcess } from './supervisor';

let dir: string;
let proc: SupervisedProcess | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rxb-supervisor-'));
});
afterEach(async () => {
  await proc?.stop();
  proc = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** A script that says it started (with its pid) and then waits forever. */
function longRunningScript(): string {
  const script = join(dir, 'child.js');
  writeFileSync(script, `console.log('started ' + process.pid); setInterval(() => {}, 1000);`);
  return script;
}

const exited = (child: SupervisedProcess['child']) =>
  hasExited(child) ? Promise.resolve() : new Promise<void>((done) => child.once('exit', () => done()));

it('restarts a process killed with SIGKILL, saying so in one line, with the log kept', async () => {
  const lines: string[] = [];
  let restarted!: () => void;
  const restartedOnce = new Promise<void>((done) => (restarted = done));
  proc = supervise({
    name: 'worker',
    script: longRunningScript(),
    env: { PATH: process.env.PATH },
    logFile: join(dir, 'worker.log'),
    delaysMs: [10],
    say: (line) => {
      lines.push(line);
      restarted();
    },
  });
  const first = proc.child;
  first.kill('SIGKILL');
  await restartedOnce;
  expect(lines).toEqual([expect.stringMatching(/^\[worker\] stopped unexpectedly \(SIGKILL\); restarting in 0\.01 s/)]);
  // The new process runs and writes to the same log.
  const second = await new Promise<SupervisedProcess['child']>((done) => {
    const look = () => (proc!.child !== first ? done(proc!.child) : setTimeout(look, 10));
    look();
  });
  await new Promise<void>((done) => second.stdout!.once('data', () => done()));
  expect(second.pid).not.toBe(first.pid);
  await proc.stop();
  await exited(second);
  expect(readFileSync(join(dir, 'worker.log'), 'utf8')).toContain(`started ${second.pid}`);
});

it('stop() ends the process for good: no restart', async () => {
  const lines: string[] = [];
  proc = supervise({
    name: 'api',
    script: longRunningScript(),
    env: { PATH: process.env.PATH },
    logFile: join(dir, 'api.log'),
    delaysMs: [10],
    say: (line) => lines.push(line),
  });
  const child = proc.child;
  await proc.stop();
  await exited(child);
  expect(child.signalCode ?? child.exitCode).toBe('SIGTERM');
  expect(proc.child).toBe(child);
  expect(lines).toEqual([]);
});

it('keeps running, and says so, when its log cannot be written', async () => {
  const lines: string[] = [];
  proc = supervise({
    name: 'api',
    script: longRunningScript(),
    env: { PATH: process.env.PATH },
    logFile: join(dir, 'missing-folder', 'api.log'),
    delaysMs: [10],
    say: (line) => lines.push(line),
  });
  const child = proc.child;
  await proc.stop();
  await exited(child);
  expect(lines).toEqual([expect.stringContaining('[api] cannot write its log')]);
});
