// The S3 driver against a small S3-like server on loopback that checks every signature the way S3 does.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StorageObjectMissing } from './document-storage';
import { S3Storage } from './s3.storage';
import { sha256Hex, signRequest } from './sigv4';

describe('S3Storage', () => {
  const objects = new Map<string, Buffer>();
  const seen: { method: string; url: string; authorization: string }[] = [];
  let server: Server;
  let endpoint: string;
  const creds = { accessKeyId: 'test-key', secretAccessKey: 'test-secret', region: 'eu-west-1', service: 's3' };

  /** Checks a request the way S3 does: the signature over what actually arrived. */
  function verify(req: IncomingMessage, body: Buffer): boolean {
    const auth = String(req.headers.authorization ?? '');
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!m || m[1] !== creds.accessKeyId || m[3] !== creds.region) return false;
    if (req.headers['x-amz-content-sha256'] !== sha256Hex(body)) return false;
    const names = m[4].split(';');
    if (!names.includes('host') || !names.includes('x-amz-date')) return false;
    const headers = Object.fromEntries(names.filter((n) => n !== 'host').map((n) => [n, String(req.headers[n])]));
    const date = String(req.headers['x-amz-date']);
    const when = new Date(
      `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
    );
    const url = new URL(req.url!, `http://${req.headers.host}`);
    const expected = signRequest({ method: req.method!, url, headers, payloadHash: sha256Hex(body) }, creds, when);
    return expected.authorization === auth;
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        seen.push({ method: req.method!, url: req.url!, authorization: String(req.headers.authorization) });
        if (!verify(req, body)) {
          res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
          return;
        }
        const key = req.url!;
        if (req.method === 'PUT') objects.set(key, body);
        if (req.method === 'DELETE') objects.delete(key);
        if (req.method === 'GET' && !objects.has(key))
          return void res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        res.writeHead(req.method === 'DELETE' ? 204 : 200).end(req.method === 'GET' ? objects.get(key) : undefined);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('puts, gets and deletes signed objects, path-style', async () => {
    const s3 = new S3Storage({
      endpoint,
      region: creds.region,
      bucket: 'rx-docs',
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
    });
    const data = Buffer.from([0, 1, 2, 250, 255]);
    await s3.put('user-1/doc-1', data);
    expect(objects.get('/rx-docs/user-1/doc-1')).toEqual(data);
    expect((await s3.get('user-1/doc-1')).equals(data)).toBe(true);
    await s3.delete('user-1/doc-1');
    await expect(s3.get('user-1/doc-1')).rejects.toBeInstanceOf(StorageObjectMissing);
    await s3.delete('user-1/doc-1');
    expect(seen.map((s) => s.method)).toEqual(['PUT', 'GET', 'DELETE', 'GET', 'DELETE']);
    expect(seen[0].authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });

  it('fails with the S3 error code when the keys are wrong', async () => {
    const s3 = new S3Storage({
      endpoint,
      region: creds.region,
      bucket: 'rx-docs',
      accessKeyId: 'test-key',
      secretAccessKey: 'wrong',
    });
    await expect(s3.put('user-1/doc-2', Buffer.from('x'))).rejects.toThrow(
      'S3 PUT user-1/doc-2 failed: HTTP 403 SignatureDoesNotMatch',
    );
    expect(objects.has('/rx-docs/user-1/doc-2')).toBe(false);
  });
});
