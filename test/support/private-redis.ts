import { type ChildProcess, spawn } from 'node:child_process';

/**
 * A redis-server of the test's own on 127.0.0.1:`port` (a fault test stops, kills or wipes it; the
 * shared one on 6379 serves every other test). `args` adds options: `--appendonly yes` to keep
 * data across a restart, `--requirepass`, `--cluster-enabled yes`. Nothing is saved unless asked.
 * Resolves once it accepts connections; fails with what it printed if it exits first.
 */
export async function startPrivateRedis(port: number, args: string[] = []): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((ready, fail) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk;
      if (/Ready to accept connections/.test(seen)) ready();
    });
    child.once('exit', (code) => fail(new Error(`redis-server exited (${code}): ${seen}`)));
  });
  return child;
}
