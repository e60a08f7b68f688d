import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { RECORD_MESSAGES } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { PASSWORD } from '../support/factories';
import { connectDb, FILES, newPatient, upload } from './helpers';

// S3 that takes requests and never answers (an outage behind a load balancer): an upload waits on it, but
// holds no database connection or lock meanwhile, so the patient's other requests and everyone else's go on
// (docs/architecture.md §10).
let stack: TestStack;
let s3: Server;
const requests: IncomingMessage[] = [];
const sockets = new Set<Socket>();
let requested: () => void;
const firstRequest = new Promise<void>((resolve) => (requested = resolve));

beforeAll(async () => {
  s3 = createServer((req) => {
    requests.push(req);
    requested();
  });
  s3.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
  const { port } = s3.address() as { port: number };
  stack = await startStack({
    withWorker: false,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'documents',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    },
  });
});
afterAll(async () => {
  await stack?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => s3?.close(resolve));
});

it('holds no transaction while the storage does not answer, then answers 503 and keeps nothing', async () => {
  const api = apiClient(stack.apiUrl);
  const patient = await newPatient(api);
  const uploading = upload(stack, patient.token, { bytes: FILES.pdf, title: 'Card' });
  await firstRequest;

  const db = await connectDb(stack);
  try {
    // No connection of the API sits in a transaction while the write waits.
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    expect(rows[0].n).toBe(0);
    // The same patient signs in on another device: a new session row beside their user row.
    const login = await api.post('/users/login', { email: patient.email, password: PASSWORD });
    expect(login.status).toBe(200);

    // The storage goes away: the write fails, the upload is refused and nothing of it stays.
    s3.close();
    for (const socket of sockets) socket.destroy();
    const res = await uploading;
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ message: RECORD_MESSAGES.storageUnavailable });
    expect((await db.query('SELECT count(*)::int AS n FROM documents')).rows[0].n).toBe(0);
  } finally {
    await db.end();
  }
}, 60_000);
