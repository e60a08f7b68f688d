import { Redis } from 'ioredis';
import jwt from 'jsonwebtoken';
import { DataSource } from 'typeorm';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newSignup } from '../support/factories';

// Two pooled connections, and sessions whose idle keys Redis lost (docs/architecture.md §6 When Redis
// loses its data): each refresh holds its token's row in a transaction while it reads the session's
// last activity. Read through a second pooled connection, two such refreshes at once froze the API
// process for good (docs/architecture.md §11).
let stack: TestStack;
let redis: Redis;
beforeAll(async () => {
  stack = await startStack({
    withWorker: false,
    env: { DATABASE_POOL_SIZE: '2', DATABASE_POOL_ACQUIRE_TIMEOUT_MS: '3000' },
  });
  redis = new Redis(stack.settings.REDIS_URL);
});
afterAll(async () => {
  redis?.disconnect();
  await stack?.close();
});

const activeKey = (token: string) =>
  `${stack.settings.REDIS_PREFIX}:session-active:${(jwt.decode(token) as { sid: string }).sid}`;

it('answers refreshes at once, more of them than the pool has connections, when Redis lost their idle keys', async () => {
  const sessions = [];
  for (let i = 0; i < 4; i++) {
    const api = apiClient(stack.apiUrl);
    const signup = await api.post('/users/signup', newSignup());
    expect(signup.status).toBe(201);
    sessions.push({ api, ...(signup.body.data as { token: string; refreshToken: string }) });
  }
  expect(await redis.del(...sessions.map((s) => activeKey(s.token)))).toBe(sessions.length);

  const refreshed = await Promise.all(
    sessions.map((s) => s.api.post('/auth/refresh', { refreshToken: s.refreshToken })),
  );

  expect(refreshed.map((r) => r.status)).toEqual(sessions.map(() => 200));
  // Each key was read back from PostgreSQL and set again.
  expect(await redis.exists(...sessions.map((s) => activeKey(s.token)))).toBe(sessions.length);
  const [first] = refreshed;
  expect((await sessions[0].api.get('/users/profile', first.body.data.token)).status).toBe(200);
});

it('fails a request that waits too long for a pooled connection, instead of hanging', async () => {
  // Both connections held, as a wedge would hold them.
  const db = stack.api.get(DataSource);
  const held = [db.createQueryRunner(), db.createQueryRunner()];
  try {
    for (const runner of held) await runner.startTransaction();
    const api = apiClient(stack.apiUrl);
    const signup = await api.post('/users/signup', newSignup());
    expect(signup.status).toBe(503);
    expect(signup.body.error?.code).toBe('service-unavailable');
  } finally {
    for (const runner of held) {
      await runner.rollbackTransaction();
      await runner.release();
    }
  }
  expect((await apiClient(stack.apiUrl).post('/users/signup', newSignup())).status).toBe(201);
});
