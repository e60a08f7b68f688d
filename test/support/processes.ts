import type { ChildProcess } from 'node:child_process';

/** Whether a child process has ended, by an exit or by a signal. */
export const hasExited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

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
