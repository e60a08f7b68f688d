import type { ChildProcess } from 'node:child_process';
import { startStack, type TestStack } from '../support/stack';
import { startApiProcess } from '../support/worker-process';
import { stopProcess } from '../support/processes';

// Where the API process listens (`HOST`, docs/architecture.md §1 Processes): only the loopbacks on a
// developer's machine, every address in a container, whose proxy and probes reach it from outside.
// 127.0.0.2 stands for such an outside address: it reaches this machine, but only a socket bound to
// every address (or to it) answers there.

let stack: TestStack;
let api: ChildProcess | undefined;
beforeAll(async () => {
  stack = await startStack({ withWorker: false });
});
afterEach(() => stopProcess(api, 'SIGTERM'));
afterAll(() => stack?.close());

/** The API's liveness at this address, or the network error's code. */
async function liveAt(host: string, port: number): Promise<number | string> {
  try {
    return (await fetch(`http://${host}:${port}/api/v1/health/live`)).status;
  } catch (err) {
    return ((err as Error).cause as NodeJS.ErrnoException | undefined)?.code ?? (err as Error).message;
  }
}

it('by default answers on the loopback only', async () => {
  const started = await startApiProcess(stack.settings);
  api = started.child;
  expect(await liveAt('127.0.0.1', started.port)).toBe(200);
  expect(await liveAt('127.0.0.2', started.port)).toBe('ECONNREFUSED');
});

it('with HOST=0.0.0.0, as the image sets it, answers on every address', async () => {
  const started = await startApiProcess(stack.settings, { HOST: '0.0.0.0' });
  api = started.child;
  expect(await liveAt('127.0.0.1', started.port)).toBe(200);
  expect(await liveAt('127.0.0.2', started.port)).toBe(200);
});
