import type { ChildProcess } from 'node:child_process';
import { MESSAGES } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { newSignup } from '../support/factories';
import { freePort } from '@rxbridge/local-stack';
import { eventually } from '../support/wait';
import { startPrivateRedis } from '../support/private-redis';
import { stopProcess } from '../support/processes';

// A Redis of this test's own: stopping the shared one on 6379 would break every other test running.
let port: number;
let redis: ChildProcess | null = null;

async function startRedis(): Promise<void> {
  redis = await startPrivateRedis(port);
}

async function stopRedis(): Promise<void> {
  const child = redis;
  redis = null;
  await stopProcess(child, 'SIGKILL');
}

let stack: TestStack;
beforeAll(async () => {
  port = await freePort();
  await startRedis();
  stack = await startStack({ withWorker: false, env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await stack?.close();
  await stopRedis();
});

/** A request that fails the test if it hangs instead of answering. */
async function get(path: string, token: string) {
  const res = await fetch(`${stack.apiUrl}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: (await res.json()) as { message: string; error?: { code: string } } };
}

describe('a Redis outage (docs/architecture.md §11)', () => {
  it('answers 503 with a message instead of hanging, and recovers without a restart', async () => {
    const signup = newSignup();
    const created = await fetch(`${stack.apiUrl}/users/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(signup),
    });
    expect(created.status).toBe(201);
    const { token } = ((await created.json()) as { data: { token: string } }).data;
    expect((await get('/users/profile', token)).status).toBe(200);

    await stopRedis();
    const down = await get('/users/profile', token);
    expect(down.status).toBe(503);
    expect(down.body.message).toBe(MESSAGES.serviceUnavailable);
    expect(down.body.error?.code).toBe('service-unavailable');
    // A public endpoint that counts attempts in Redis (the login rate limit) answers the same way.
    const login = await fetch(`${stack.apiUrl}/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: signup.email, password: signup.password }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(login.status).toBe(503);
    expect((await fetch(`${stack.apiUrl}/health`, { signal: AbortSignal.timeout(10_000) })).status).toBe(503);

    await startRedis();
    await eventually(async () => (await get('/users/profile', token)).status === 200, 'the API to use Redis again');
    const again = await fetch(`${stack.apiUrl}/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: signup.email, password: signup.password }),
    });
    expect(again.status).toBe(200);
  });

  it('logs out while Redis is down: the session ends in PostgreSQL, and neither token works once Redis is back', async () => {
    const created = await fetch(`${stack.apiUrl}/users/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(newSignup()),
    });
    const { token, refreshToken } = ((await created.json()) as { data: { token: string; refreshToken: string } }).data;
    expect((await get('/users/profile', token)).status).toBe(200);

    await stopRedis();
    const out = await fetch(`${stack.apiUrl}/users/logout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ refreshToken }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(out.status).toBe(200);
    expect(((await out.json()) as { message: string }).message).toBe(MESSAGES.loggedOut);
    // The browser's refresh cookie is cleared whatever happens next.
    expect(out.headers.get('set-cookie')).toMatch(/rxb_refresh=;/);

    await startRedis();
    await eventually(async () => (await get('/users/profile', token)).status === 401, 'the ended session refused');
    const refreshed = await fetch(`${stack.apiUrl}/auth/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    expect(refreshed.status).toBe(401);
  });
});
