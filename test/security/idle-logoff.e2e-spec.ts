import jwt from 'jsonwebtoken';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { MESSAGES } from '@rxbridge/contracts';
import { startExtraApi, startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newSignup } from '../support/factories';
import { connectSocket } from '../support/sockets';
import type { Api } from '../applications/helpers';

/** Patients' idle limit in these tests: 0.1 minute, 6 seconds (docs/product.md §7). */
const IDLE_MS = 6000;

let stack: TestStack;
let api: Api;
let redis: Redis;
beforeAll(async () => {
  stack = await startStack({ withWorker: false, env: { SESSION_IDLE_MINUTES_PATIENT: '0.1' } });
  api = apiClient(stack.apiUrl);
  redis = new Redis(stack.settings.REDIS_URL, { maxRetriesPerRequest: null });
});
afterAll(async () => {
  redis?.disconnect();
  await stack?.close();
});

const activityKey = (accessToken: string) =>
  `${stack.settings.REDIS_PREFIX}:session-active:${(jwt.decode(accessToken) as { sid: string }).sid}`;

/** Waits on Redis, not on a clock: until the session's activity key has less than `ms` to live (-2: gone). */
async function untilTtlBelow(accessToken: string, ms: number): Promise<void> {
  for (;;) {
    if ((await redis.pttl(activityKey(accessToken))) < ms) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('idle logoff (docs/product.md §7)', () => {
  it('the web app reads the idle limits from GET /config', async () => {
    const res = await api.get('/config');
    expect(res.body.data.sessionIdleSeconds).toEqual({ staff: 15 * 60, patient: 6 });
  });

  it('refuses a request of an idle session with the idle message, and then its refresh', async () => {
    const { token, refreshToken } = (await api.post('/users/signup', newSignup())).body.data;
    expect((await api.get('/users/profile', token)).status).toBe(200);
    await untilTtlBelow(token, 0);
    const request = await api.get('/users/profile', token);
    expect(request.status).toBe(401);
    expect(request.body.message).toBe(MESSAGES.sessionIdle);
    expect(request.body.error?.code).toBe('session-idle');
    const refresh = await api.post('/auth/refresh', { refreshToken });
    expect(refresh.status).toBe(401);
    expect(refresh.body.message).toBe(MESSAGES.sessionIdle);
  });

  it('refuses the refresh of an idle session, which ends it', async () => {
    const { token, refreshToken } = (await api.post('/users/signup', newSignup())).body.data;
    await untilTtlBelow(token, 0);
    const refresh = await api.post('/auth/refresh', { refreshToken });
    expect(refresh.status).toBe(401);
    expect(refresh.body.message).toBe(MESSAGES.sessionIdle);
    expect((await api.get('/users/profile', token)).status).toBe(401);
  });

  it('keeps an active session past the idle limit: requests and refreshes are activity', async () => {
    let { token, refreshToken } = (await api.post('/users/signup', newSignup())).body.data;
    // Four times half the limit: the session lives twice its idle limit because it is used.
    for (let round = 0; round < 4; round++) {
      await untilTtlBelow(token, IDLE_MS / 2);
      if (round % 2) {
        const refreshed = await api.post('/auth/refresh', { refreshToken });
        expect(refreshed.status).toBe(200);
        ({ token, refreshToken } = refreshed.body.data);
      } else {
        expect((await api.get('/users/profile', token)).status).toBe(200);
      }
      expect(await redis.pttl(activityKey(token))).toBeGreaterThan(IDLE_MS / 2);
    }
    expect((await api.get('/users/profile', token)).status).toBe(200);
  });

  it('takes a missing activity key for a cache miss: PostgreSQL says the session was active, so it goes on', async () => {
    const { token, refreshToken } = (await api.post('/users/signup', newSignup())).body.data;
    // Redis lost its data (docs/architecture.md §6 When Redis loses its data).
    await redis.del(activityKey(token));
    // A refresh always asks Redis (a request may be answered from the process's last look).
    const refreshed = await api.post('/auth/refresh', { refreshToken });
    expect(refreshed.status).toBe(200);
    expect(await redis.pttl(activityKey(token))).toBeGreaterThan(IDLE_MS / 2);
    expect((await api.get('/users/profile', refreshed.body.data.token)).status).toBe(200);
  });

  it('opens no socket for a session idle past its limit (a socket is no activity): its next request is refused', async () => {
    const { token } = (await api.post('/users/signup', newSignup())).body.data;
    await untilTtlBelow(token, 0);
    await expect(connectSocket(stack.baseUrl, { token })).rejects.toThrow('unauthorized');
    await expect(connectSocket(stack.baseUrl, { token })).rejects.toThrow('unauthorized');
    const after = await api.get('/users/profile', token);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(MESSAGES.sessionIdle);
  });

  it('keeps an idle session ended when Redis loses its data: PostgreSQL holds its idle clock', async () => {
    const { token } = (await api.post('/users/signup', newSignup())).body.data;
    await untilTtlBelow(token, 0);
    expect((await api.get('/users/profile', token)).status).toBe(401);
    // Redis loses the set of ended sessions; a new API process knows only what PostgreSQL says.
    await redis.del(`${stack.settings.REDIS_PREFIX}:revoked-sessions`);
    const fresh = await startExtraApi(stack);
    try {
      const again = await apiClient(fresh.apiUrl).get('/users/profile', token);
      expect(again.status).toBe(401);
      expect(again.body.message).toBe(MESSAGES.sessionIdle);
    } finally {
      await fresh.close();
    }
  });

  it('still ends an active session at its absolute lifetime', async () => {
    const { token, refreshToken } = (await api.post('/users/signup', newSignup())).body.data;
    expect((await api.get('/users/profile', token)).status).toBe(200);
    // The short clock of sessions.e2e-spec.ts: the session started 7 days ago.
    await stack.api.get(DataSource).query(
      `UPDATE refresh_tokens SET created_at = created_at - interval '168 hours'
        WHERE token_hash = encode(sha256($1::bytea), 'hex')`,
      [refreshToken],
    );
    const refresh = await api.post('/auth/refresh', { refreshToken });
    expect(refresh.status).toBe(401);
    expect(refresh.body.message).toBe(MESSAGES.invalidRefreshToken);
    expect((await api.get('/users/profile', token)).status).toBe(401);
  });
});
