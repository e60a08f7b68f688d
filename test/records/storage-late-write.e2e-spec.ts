import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Client } from 'pg';
import { RECORD_MESSAGES } from '@rxbridge/contracts';
import { UPLOAD_GRACE_MS } from '@rxbridge/documents';
import { DocumentFileSweep, startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { connectDb, FILES, newPatient, upload } from './helpers';

// An S3 PUT the API gave up on (its connection dropped on every attempt) that the service stores all the same, after
// the API's DELETE of the key: the upload's cleanup entry stays, and the sweep removes the file that landed late
// (docs/architecture.md §10). The S3 stand-in keeps objects in memory and, while `dropPuts`, drops each PUT's
// connection once it has read the body, keeping the body as a write still under way.
let stack: TestStack;
let db: Client;
let s3: Server;
const objects = new Map<string, Buffer>();
const requests: { method: string; key: string }[] = [];
const underWay: { key: string; body: Buffer }[] = [];
const sockets = new Set<Socket>();
/** PUTs still to drop (Infinity: every one); a PUT past them is stored and answered. */
let putsToDrop = Infinity;

beforeAll(async () => {
  s3 = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = decodeURIComponent(new URL(req.url!, 'http://s3').pathname);
      requests.push({ method: req.method!, key });
      if (req.method === 'PUT' && putsToDrop > 0) {
        putsToDrop -= 1;
        underWay.push({ key, body: Buffer.concat(chunks) });
        req.socket.destroy();
        return;
      }
      if (req.method === 'PUT') {
        objects.set(key, Buffer.concat(chunks));
        res.writeHead(200, { etag: '"stored"' }).end();
        return;
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
        return;
      }
      const found = objects.get(key);
      if (found) res.writeHead(200).end(found);
      else res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
    });
  });
  s3.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
  const { port } = s3.address() as { port: number };
  stack = await startStack({
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'documents',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      DOCUMENT_STORAGE_QUOTA_MB: '1',
    },
  });
  db = await connectDb(stack);
});
afterAll(async () => {
  await db?.end();
  await stack?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => s3?.close(resolve));
});

it('sweeps the file of a failed upload that S3 stored after the API removed it', async () => {
  const api = apiClient(stack.apiUrl);
  const patient = await newPatient(api);
  const res = await upload(stack, patient.token, { bytes: FILES.pdf, title: 'Card' });
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({ message: RECORD_MESSAGES.storageUnavailable });
  expect((await db.query('SELECT 1 FROM documents WHERE user_id = $1', [patient.id])).rowCount).toBe(0);

  // The API removed the key it failed to write; one of its PUTs, under way all along, is stored after that.
  const [{ key }] = underWay;
  const storageKey = key.replace(/^\/documents\//, '');
  expect(storageKey).toMatch(new RegExp(`^${patient.id}/[0-9a-f-]{36}$`));
  expect(requests.at(-1)).toEqual({ method: 'DELETE', key });
  objects.set(key, underWay.at(-1)!.body);

  // Within the grace the write might still land: the file stays. Past it the sweep removes it, and its entry.
  const sweep = stack.worker!.get(DocumentFileSweep);
  await sweep.run();
  expect([...objects.keys()]).toEqual([key]);
  await sweep.run(new Date(Date.now() + 2 * UPLOAD_GRACE_MS));
  expect([...objects.keys()]).toEqual([]);
  expect((await db.query('SELECT storage_key FROM document_file_cleanups')).rows).toEqual([]);
});

it('sweeps the late file of an upload whose retried PUT was stored but whose row the quota refused', async () => {
  const api = apiClient(stack.apiUrl);
  const patient = await newPatient(api);
  // The SDK's first attempt is dropped (and goes on at S3's end), its retry is stored; then the quota refuses the row.
  putsToDrop = 1;
  underWay.length = 0;
  const overQuota = Buffer.concat([FILES.pdf, Buffer.alloc(1100 * 1024, 0x20)]);
  const res = await upload(stack, patient.token, { bytes: overQuota, title: 'Statement' });
  expect([res.status, res.body.message]).toEqual([429, RECORD_MESSAGES.storageQuotaReached]);
  const [{ key }] = underWay;
  expect(requests.filter((r) => r.key === key).map((r) => r.method)).toEqual(['PUT', 'PUT', 'DELETE']);
  expect(objects.has(key)).toBe(false);

  // The dropped attempt lands after the DELETE; the entry kept for it lets the sweep remove it past the grace.
  objects.set(key, underWay[0].body);
  const sweep = stack.worker!.get(DocumentFileSweep);
  await sweep.run(new Date(Date.now() + 2 * UPLOAD_GRACE_MS));
  expect(objects.has(key)).toBe(false);
  expect((await db.query('SELECT storage_key FROM document_file_cleanups')).rows).toEqual([]);
});
