import jwt from 'jsonwebtoken';
import { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import { METRICS } from '@rxbridge/platform';
import { startExtraApi, startStack, type ExtraApi, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newSignup } from '../support/factories';
import { eventually } from '../support/wait';
import type { Api } from '../applications/helpers';

// Two API processes on one database and Redis, as behind a load balancer (docs/architecture.md §9).
let stack: TestStack;
let second: ExtraApi;
let api1: Api;
let api2: Api;
let redis: Redis;
beforeAll(async () => {
  stack = await startStack({ withWorker: false });
  second = await startExtraApi(stack);
  api1 = apiClient(stack.apiUrl);
  api2 = apiClient(second.apiUrl);
  redis = new Redis(stack.settings.REDIS_URL);
});
afterAll(async () => {
  redis?.disconnect();
  await second?.close();
  await stack?.close();
});

const metric = async (registry: Registry, name: string) =>
  (await registry.getSingleMetric(name)!.get()).values[0]?.value ?? 0;
const fromMemory = (app: { get(token: symbol): Registry }) =>
  eventually(
    async () => (await metric(app.get(METRICS), 'session_revocations_from_memory')) === 1,
    'the set in memory',
  );

async function newSession() {
  const { token, refreshToken } = (await api1.post('/users/signup', newSignup())).body.data as {
    token: string;
    refreshToken: string;
  };
  return { token, refreshToken, sid: (jwt.decode(token) as { sid: string }).sid };
}

describe('ended sessions, known to every API process', () => {
  it('refuses a logged-out token on the other process at once', async () => {
    await fromMemory(stack.api);
    await fromMemory(second.api);
    const { token, refreshToken } = await newSession();
    expect((await api2.get('/prescriptions', token)).status).toBe(200);

    expect((await api1.post('/users/logout', { refreshToken }, token)).status).toBe(200);
    // The very next request, on the process that did not end it: no two-second wait for its database check.
    expect((await api2.get('/prescriptions', token)).status).toBe(401);
    expect((await api1.get('/prescriptions', token)).status).toBe(401);
  });

  it('reads the whole set again after losing its subscription, so an ending announced meanwhile counts', async () => {
    const registry = second.api.get<symbol, Registry>(METRICS);
    await fromMemory(second.api);
    const { token, sid } = await newSession();
    expect((await api2.get('/prescriptions', token)).status).toBe(200);

    // An ending written while this process was not listening: in the set, never announced to it.
    const key = `${stack.settings.REDIS_PREFIX}:revoked-sessions`;
    await redis.zadd(key, Date.now() + 60_000, sid);
    const readsBefore = await metric(registry, 'session_revocation_set_reads_total');
    // Redis drops the subscriptions of both processes (a failover, a restart, a network cut).
    const clients = (await redis.client('LIST')) as string;
    const subscriptions = clients
      .split('\n')
      .filter((line) => line.includes(` name=${key} `))
      .map((line) => /\bid=(\d+)/.exec(line)![1]);
    expect(subscriptions).toHaveLength(2);
    for (const id of subscriptions) await redis.client('KILL', 'ID', id);
    await eventually(
      async () => (await metric(registry, 'session_revocation_set_reads_total')) > readsBefore,
      'the set read again',
    );
    await fromMemory(second.api);

    // Gone from Redis now: only what the process read back refuses the token (its session is
    // still open in the database).
    await redis.zrem(key, sid);
    expect((await api2.get('/prescriptions', token)).status).toBe(401);
  });
});
