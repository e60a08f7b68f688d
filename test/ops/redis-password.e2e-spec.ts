import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { startStack, type TestStack } from '../support/stack';
import { freePort } from '@rxbridge/local-stack';
import { startPrivateRedis } from '../support/private-redis';
import { apiClient } from '../support/http';
import { waitForQueuesIdle } from '../support/idle';
import { connectSocket, type ClientSocket } from '../support/sockets';
import { connectDb, newPatient, newStaff } from '../records/helpers';

// docker-compose.yml's Redis requires a password (REDIS_PASSWORD, carried by REDIS_URL): the API and
// the worker use it on every connection (shared, blocking, pub/sub). A Redis of this test's own on a
// free port, started as compose starts it: the shared one is never touched.
const password = randomBytes(16).toString('hex');
let port: number;
let redis: ChildProcess | undefined;
let stack: TestStack;
let socket: ClientSocket | undefined;

beforeAll(async () => {
  port = await freePort();
  redis = await startPrivateRedis(port, ['--requirepass', password]);
  stack = await startStack({ env: { REDIS_URL: `redis://:${password}@127.0.0.1:${port}` } });
}, 60_000);
afterAll(async () => {
  socket?.disconnect();
  await stack?.close();
  redis?.kill('SIGKILL');
});

it('the API and the worker work with a Redis that requires a password, which refuses a client without it', async () => {
  expect(await pingWithoutPassword()).toMatch(/^-NOAUTH/);

  const api = apiClient(stack.apiUrl);
  expect((await api.get('/health')).status).toBe(200);
  const db = await connectDb(stack);
  try {
    const patient = await newPatient(api);
    socket = await connectSocket(stack.baseUrl, { token: patient.token });
    const navigator = await newStaff(api, db);
    expect((await api.get(`/admin/patients/${patient.id}`, navigator.token)).status).toBe(200);
    // The worker handled every event through the queues of this Redis.
    await waitForQueuesIdle(stack);
    const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM outbox WHERE published_at IS NULL');
    expect(Number(rows[0].n)).toBe(0);
  } finally {
    await db.end();
  }
});

/** Redis's answer to a PING sent without the password, as its protocol has it. */
function pingWithoutPassword(): Promise<string> {
  return new Promise((done, fail) => {
    const client = connect(port, '127.0.0.1', () => client.write('PING\r\n'));
    client.once('error', fail);
    client.once('data', (answer) => {
      client.destroy();
      done(answer.toString());
    });
  });
}
